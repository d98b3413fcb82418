"""Changed ops proved on their own through cut points (``verify.cuts``): a rewritten op proved
against its source op lets the ops after it align, so a large function whose pass changed one
op is ``correct`` without a whole-function query; a rewrite that is wrong is never proved."""

from __future__ import annotations

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import UNCHANGED, Options, check_modules
from irverify.verify.cuts import prove_cuts
from irverify.verify.refinement import CHECK_UB
from irverify.verify.verdict import Verdict

TRANSPOSE = """  %t0 = tensor.empty() : tensor<3x4xi32>
  %t = linalg.transpose ins(%x : tensor<4x3xi32>) outs(%t0 : tensor<3x4xi32>) permutation = [1, 0]"""
GENERIC = """  %t0 = tensor.empty() : tensor<3x4xi32>
  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (MAP)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x3xi32>) outs(%t0 : tensor<3x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    linalg.yield %in : i32
  } -> tensor<3x4xi32>"""
REST = """  %a = arith.addi %t, %y : tensor<3x4xi32>
  %b = arith.muli %a, %a : tensor<3x4xi32>
  %c = arith.subi %b, %y : tensor<3x4xi32>
  %d = arith.xori %c, %a : tensor<3x4xi32>
  %e = arith.andi %d, %b : tensor<3x4xi32>
  %f = arith.ori %e, %t : tensor<3x4xi32>
  %g = arith.addi %f, %d : tensor<3x4xi32>
  return %g : tensor<3x4xi32>"""
SIG = "(%x: tensor<4x3xi32>, %y: tensor<3x4xi32>) -> tensor<3x4xi32>"


def pair(target_transpose: str):
    return (parse_mlir(f"func.func @f{SIG} {{\n{TRANSPOSE}\n{REST}\n}}\n", "before.mlir"),
            parse_mlir(f"func.func @f{SIG} {{\n{target_transpose}\n{REST}\n}}\n", "after.mlir"))


def test_a_generalised_transpose_is_proved_and_the_rest_aligns_through_it():
    src, tgt = pair(GENERIC.replace("MAP", "j, i"))
    cuts = prove_cuts(src, src.functions["f"], tgt, tgt.functions["f"], Options(confirm=False))
    assert cuts.proved == 1
    fr = check_modules(src, tgt, Options(confirm=False)).functions[0]
    assert fr.verdict is Verdict.CORRECT and UNCHANGED not in fr.notes
    assert any(n.startswith("cut points: 1 changed op(s) proved") for n in fr.notes)


def test_a_wrong_rewrite_is_not_proved_and_the_function_decides_it():
    # t[i, j] = x[j, 0]: a broadcast of x's first column, not the transpose
    src, tgt = pair(GENERIC.replace("MAP", "j, 0"))
    cuts = prove_cuts(src, src.functions["f"], tgt, tgt.functions["f"], Options(confirm=False))
    assert cuts.proved == 0
    fr = check_modules(src, tgt, Options(confirm=False)).functions[0]
    assert fr.verdict is Verdict.INCORRECT


def test_cuts_off_checks_the_whole_function():
    src, tgt = pair(GENERIC.replace("MAP", "j, i"))
    fr = check_modules(src, tgt, Options(confirm=False, cuts=False)).functions[0]
    assert fr.verdict is Verdict.CORRECT and not any(n.startswith("cut points") for n in fr.notes)


PROPAGATED_SRC = """func.func @f(%x: tensor<4x6xi32>, %b: tensor<4x6xi32>, %y: tensor<4x2x3xi32>) -> tensor<4x2x3xi32> {
  %s = arith.addi %x, %b : tensor<4x6xi32>
  %e = tensor.expand_shape %s [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xi32> into tensor<4x2x3xi32>
REST
}
"""
PROPAGATED_TGT = """func.func @f(%x: tensor<4x6xi32>, %b: tensor<4x6xi32>, %y: tensor<4x2x3xi32>) -> tensor<4x2x3xi32> {
  %ex = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xi32> into tensor<4x2x3xi32>
  %eb = tensor.expand_shape %b [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xi32> into tensor<4x2x3xi32>
  %e = arith.addi %ex, %eb : tensor<4x2x3xi32>
REST
}
"""
TAIL = """  %a = arith.addi %e, %y : tensor<4x2x3xi32>
  %m = arith.muli %a, %e : tensor<4x2x3xi32>
  %c = arith.subi %m, %y : tensor<4x2x3xi32>
  %d = arith.xori %c, %a : tensor<4x2x3xi32>
  %g = arith.andi %d, %m : tensor<4x2x3xi32>
  %h = arith.ori %g, %e : tensor<4x2x3xi32>
  return %h : tensor<4x2x3xi32>"""


def test_ops_without_a_source_counterpart_are_covered_by_the_proof_that_reads_them():
    # a reshape propagated above an add: the target's expand_shapes have no source op of their
    # own, the add on the expanded values is proved against the source's expand_shape
    src = parse_mlir(PROPAGATED_SRC.replace("REST", TAIL), "before.mlir")
    tgt = parse_mlir(PROPAGATED_TGT.replace("REST", TAIL), "after.mlir")
    fr = check_modules(src, tgt, Options(confirm=False)).functions[0]
    assert fr.verdict is Verdict.CORRECT and any(n.startswith("cut points:") for n in fr.notes)
    wrong = parse_mlir(PROPAGATED_TGT.replace("%ex, %eb", "%ex, %ex").replace("REST", TAIL), "after.mlir")
    assert check_modules(src, wrong, Options(confirm=False)).functions[0].verdict is Verdict.INCORRECT


def test_a_source_cone_reading_two_copies_of_one_op_is_left_to_the_whole_function():
    # The source's second linalg.fill is a repeated op (labelled as the first), and the source
    # cone of the fused op reads both: the cone function has one argument per label, so the cut
    # is not taken (it once encoded an op whose operand had no argument: KeyError). (Repeated
    # ``tensor.empty`` ops are taken into the cone, not cut: see the bias test below.)
    src_body = """  %z = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<3x4xi32>
  %t0 = linalg.fill ins(%z : i32) outs(%e0 : tensor<3x4xi32>) -> tensor<3x4xi32>
  %t = linalg.transpose ins(%x : tensor<4x3xi32>) outs(%t0 : tensor<3x4xi32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<3x4xi32>
  %t1 = linalg.fill ins(%z : i32) outs(%e1 : tensor<3x4xi32>) -> tensor<3x4xi32>
  %u = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%t, %y : tensor<3x4xi32>, tensor<3x4xi32>) outs(%t1 : tensor<3x4xi32>) {
  ^bb0(%a: i32, %b: i32, %out: i32):
    %s = arith.addi %a, %b : i32
    linalg.yield %s : i32
  } -> tensor<3x4xi32>"""
    tgt_body = """  %z = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<3x4xi32>
  %t0 = linalg.fill ins(%z : i32) outs(%e0 : tensor<3x4xi32>) -> tensor<3x4xi32>
  %u = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<4x3xi32>, tensor<3x4xi32>) outs(%t0 : tensor<3x4xi32>) {
  ^bb0(%a: i32, %b: i32, %out: i32):
    %s = arith.addi %a, %b : i32
    linalg.yield %s : i32
  } -> tensor<3x4xi32>"""
    rest = REST.replace("%t, %y", "%u, %y").replace("%e, %t", "%e, %u")
    src = parse_mlir(f"func.func @f{SIG} {{\n{src_body}\n{rest}\n}}\n", "before.mlir")
    tgt = parse_mlir(f"func.func @f{SIG} {{\n{tgt_body}\n{rest}\n}}\n", "after.mlir")
    cuts = prove_cuts(src, src.functions["f"], tgt, tgt.functions["f"], Options(confirm=False))
    assert cuts.proved == 0
    fr = check_modules(src, tgt, Options(confirm=False)).functions[0]
    assert fr.verdict is Verdict.CORRECT


RESHAPED_REST = """  %a = arith.addi %t, %y : tensor<2x4xi32>
  %b = arith.muli %a, %a : tensor<2x4xi32>
  %c2 = arith.subi %b, %y : tensor<2x4xi32>
  %d = arith.xori %c2, %a : tensor<2x4xi32>
  %f = arith.andi %d, %b : tensor<2x4xi32>
  %g = arith.ori %f, %t : tensor<2x4xi32>
  %h = arith.addi %g, %d : tensor<2x4xi32>
  return %h : tensor<2x4xi32>"""


def test_a_cone_takes_a_chain_of_reshapes_back_to_the_value_the_source_reads():
    # The target reads collapse(expand(x)) (a reshape chain labelled as x), the source reads
    # expand(x): the target cone goes through the chain to expand(x), which both sides share.
    sig = "(%x: tensor<8xi32>, %y: tensor<2x4xi32>) -> tensor<2x4xi32>"
    expand = "  %e = tensor.expand_shape %x [[0, 1]] output_shape [2, 4] : tensor<8xi32> into tensor<2x4xi32>"
    src = parse_mlir(f"func.func @f{sig} {{\n{expand}\n  %t = arith.muli %e, %e : tensor<2x4xi32>\n"
                     f"{RESHAPED_REST}\n}}\n", "before.mlir")
    tgt = parse_mlir(f"""func.func @f{sig} {{
{expand}
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<2x4xi32> into tensor<8xi32>
  %m = arith.muli %c, %c : tensor<8xi32>
  %t = tensor.expand_shape %m [[0, 1]] output_shape [2, 4] : tensor<8xi32> into tensor<2x4xi32>
{RESHAPED_REST}
}}
""", "after.mlir")
    cuts = prove_cuts(src, src.functions["f"], tgt, tgt.functions["f"], Options(confirm=False))
    assert cuts.proved == 1
    fr = check_modules(src, tgt, Options(confirm=False)).functions[0]
    assert fr.verdict is Verdict.CORRECT and any(n.startswith("cut points: 1") for n in fr.notes)


def test_a_cone_whose_source_is_undefined_for_some_frontier_values_is_proved_where_it_is_defined():
    # Dynamic extents: the transpose's init must have the operand's extents (UB otherwise), so
    # the source cone is undefined for some frontier values; where it is, so is the whole source.
    sig = "(%x: tensor<?x3xi32>, %y: tensor<3x?xi32>) -> tensor<3x?xi32>"
    head = """  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3xi32>
  %t0 = tensor.empty(%n) : tensor<3x?xi32>"""
    src_op = "  %t = linalg.transpose ins(%x : tensor<?x3xi32>) outs(%t0 : tensor<3x?xi32>) permutation = [1, 0]"
    tgt_op = """  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x3xi32>) outs(%t0 : tensor<3x?xi32>) {
  ^bb0(%in: i32, %out: i32):
    linalg.yield %in : i32
  } -> tensor<3x?xi32>"""
    rest = REST.replace("3x4", "3x?")
    src = parse_mlir(f"func.func @f{sig} {{\n{head}\n{src_op}\n{rest}\n}}\n", "before.mlir")
    tgt = parse_mlir(f"func.func @f{sig} {{\n{head}\n{tgt_op}\n{rest}\n}}\n", "after.mlir")
    cuts = prove_cuts(src, src.functions["f"], tgt, tgt.functions["f"], Options(confirm=False))
    assert cuts.proved == 1
    fr = check_modules(src, tgt, Options(confirm=False)).functions[0]
    assert fr.verdict is Verdict.CORRECT and any(n.startswith("cut points: 1") for n in fr.notes)
    # (the cone's source UB is about frontier values the function never gives it together:
    # this source is defined on every input, and the report does not say otherwise)
    assert not any(n.startswith("source_ub:") for n in fr.notes) and fr.source_ub is None
    wrong = parse_mlir(f"func.func @f{sig} {{\n{head}\n{tgt_op.replace('(j, i)', '(j, 0)')}\n{rest}\n}}\n", "after.mlir")
    assert check_modules(src, wrong, Options(confirm=False)).functions[0].verdict is not Verdict.CORRECT


def test_a_cone_undefined_only_for_sizes_is_taken_and_an_index_condition_is_not():
    from irverify.verify.cuts import _extent_ub_only

    assert _extent_ub_only(None)
    assert _extent_ub_only({"conditions": ["f.mlir:20:13: tensor.empty: negative size in dim 0",
                                           "f.mlir:23:13: linalg.generic: operands disagree on the extent of loop dim 0"]})
    assert not _extent_ub_only({"conditions": ["f.py:18:22: take(gv, t, axis=1, mode=fast) requires 0 <= t[j] < 16"]})
    assert not _extent_ub_only({"conditions": []})


BIAS_SRC = """func.func @f(%m: tensor<?x8xf32>, %b: tensor<8xf32>, %y: tensor<?x2x4xf32>) -> tensor<?x2x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %m, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %e3 = tensor.empty(%n) : tensor<?x2x4xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<?x8xf32>, tensor<8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%in: f32, %in_b: f32, %out: f32):
    %s = arith.addf %in, %in_b : f32
    linalg.yield %s : f32
  } -> tensor<?x8xf32>
  %x = tensor.expand_shape %a [[0], [1, 2]] output_shape [%n, 2, 4] : tensor<?x8xf32> into tensor<?x2x4xf32>
REST
}
"""
BIAS_TGT = """func.func @f(%m: tensor<?x8xf32>, %b: tensor<8xf32>, %y: tensor<?x2x4xf32>) -> tensor<?x2x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %m, %c0 : tensor<?x8xf32>
  %e3 = tensor.empty(%n) : tensor<?x2x4xf32>
  %xm = tensor.expand_shape %m [[0], [1, 2]] output_shape [%n, 2, 4] : tensor<?x8xf32> into tensor<?x2x4xf32>
  %xb = tensor.expand_shape %b [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  %e3b = tensor.empty(%n) : tensor<?x2x4xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (BIAS)>, affine_map<(i, j, k) -> (i, j, k)>],
                       iterator_types = ["parallel", "parallel", "parallel"]} ins(%xm, %xb : tensor<?x2x4xf32>, tensor<2x4xf32>) outs(%e3b : tensor<?x2x4xf32>) {
  ^bb0(%in: f32, %in_b: f32, %out: f32):
    %s = arith.addf %in, %in_b : f32
    linalg.yield %s : f32
  } -> tensor<?x2x4xf32>
REST
}
"""
def float_chain(x: str, y: str, ty: str, sixth: str, seventh: str) -> str:
    """Seven float ops on ``x`` and ``y`` (so that the function has enough ops for cut points),
    the last two given, returning the seventh ``%z``."""
    return (f"  %p = arith.mulf {x}, {y} : {ty}\n  %q = arith.addf %p, {x} : {ty}\n"
            f"  %r = arith.subf %q, {y} : {ty}\n  %u = arith.mulf %r, %q : {ty}\n"
            f"  %v = arith.addf %u, %p : {ty}\n  %w = {sixth} : {ty}\n"
            f"  %z = {seventh} : {ty}\n  return %z : {ty}")


BIAS_REST = float_chain("%x", "%y", "tensor<?x2x4xf32>", "arith.maximumf %v, %e3", "arith.addf %v, %r")


def test_a_bias_add_moved_past_a_dynamic_expand_is_proved_with_the_fresh_tensor_it_writes():
    # A bias add bubbled through an expand_shape with a dynamic extent (IREE's
    # propagate-linalg-transpose on a transformer of symbolic sequence length): the target's add
    # writes into a fresh ``tensor.empty(%n)``. Cut there, its extent would be free of ``%n``
    # and the target cone undefined where the source cone is not; the cone takes it in.
    src = parse_mlir(BIAS_SRC.replace("REST", BIAS_REST), "before.mlir")
    tgt = parse_mlir(BIAS_TGT.replace("REST", BIAS_REST).replace("BIAS", "j, k"), "after.mlir")
    cuts = prove_cuts(src, src.functions["f"], tgt, tgt.functions["f"], Options(confirm=False))
    assert cuts.proved == 1
    fr = check_modules(src, tgt, Options(confirm=False)).functions[0]
    assert fr.verdict is Verdict.CORRECT and any(n.startswith("cut points: 1") for n in fr.notes)
    wrong = parse_mlir(BIAS_TGT.replace("REST", BIAS_REST).replace("BIAS", "k, j").replace("tensor<2x4xf32>", "tensor<4x2xf32>")
                       .replace("output_shape [2, 4]", "output_shape [4, 2]"), "after.mlir")
    assert check_modules(src, wrong, Options(confirm=False, timeout_s=5)).functions[0].verdict is not Verdict.CORRECT


RESHAPE_REST = float_chain("%c", "%y", "tensor<?x16xf32>", "arith.subf %v, %r", "arith.addf %w, %r")


def test_a_cone_keeps_the_extent_the_function_gives_a_frontier_tensor():
    # IREE's convert-tensor-to-flow turns a collapse_shape into flow.tensor.reshape, which
    # declares its operand's dynamic extent (%n, UB where it differs). In the function the
    # operand was written into tensor.empty(%n): its extent is %n. Cut as two free values the
    # target cone would be undefined where the source's is not; the cone computes %n as the
    # extent of the frontier tensor instead.
    head = """func.func @f(%x: tensor<?x4x4xf32>, %y: tensor<?x16xf32>, %n: index) -> tensor<?x16xf32> {
  %e = tensor.empty(%n) : tensor<?x4x4xf32>
  %a = linalg.copy ins(%x : tensor<?x4x4xf32>) outs(%e : tensor<?x4x4xf32>) -> tensor<?x4x4xf32>
"""
    src = parse_mlir(head + "  %c = tensor.collapse_shape %a [[0], [1, 2]] : tensor<?x4x4xf32> into tensor<?x16xf32>\n"
                     + RESHAPE_REST + "\n}\n", "before.mlir")
    reshape = "  %c = flow.tensor.reshape %a : tensor<?x4x4xf32>{DIM} -> tensor<?x16xf32>{DIM}\n"
    tgt = parse_mlir(head + reshape.replace("DIM", "%n") + RESHAPE_REST + "\n}\n", "after.mlir")
    cuts = prove_cuts(src, src.functions["f"], tgt, tgt.functions["f"], Options(confirm=False))
    assert cuts.proved == 1
    fr = check_modules(src, tgt, Options(confirm=False)).functions[0]
    assert fr.verdict is Verdict.CORRECT and any(n.startswith("cut points: 1") for n in fr.notes)
    # declared as the extent of another tensor: the cone alone is undefined where %y's extent
    # is not %n, so it is not proved (in the function the source's elementwise ops on %c and %y
    # are undefined there too: the function is correct, which the cone does not know)
    other = parse_mlir(head + "  %c0 = arith.constant 0 : index\n  %m = tensor.dim %y, %c0 : tensor<?x16xf32>\n"
                       + reshape.replace("DIM", "%m") + RESHAPE_REST + "\n}\n", "after.mlir")
    assert prove_cuts(src, src.functions["f"], other, other.functions["f"], Options(confirm=False)).proved == 0
    # declared as %n + 1: undefined wherever the source is defined
    wrong = parse_mlir(head + "  %c1 = arith.constant 1 : index\n  %m = arith.addi %n, %c1 : index\n"
                       + reshape.replace("DIM", "%m") + RESHAPE_REST + "\n}\n", "after.mlir")
    assert prove_cuts(src, src.functions["f"], wrong, wrong.functions["f"], Options(confirm=False)).proved == 0
    fr = check_modules(src, wrong, Options(confirm=False, timeout_s=5)).functions[0]
    assert fr.verdict is Verdict.INCORRECT and fr.counterexample.check == CHECK_UB, (fr.verdict, fr.message)


def test_two_extents_nobody_traced_are_not_taken_for_one_value():
    # The target's reshape declares its operand's extent as %m, the extent of another tensor;
    # neither extent is traced (math.absf results): the cone must keep %m free of %a's extent,
    # or it proves the reshape and the function is 'correct' while the target is undefined
    # wherever the two extents differ and the source is not.
    head = """func.func @f(%x: tensor<?x4x4xf32>, %y: tensor<?x16xf32>, %t: tensor<?xf32>) -> tensor<?x16xf32> {
  %a = math.absf %x : tensor<?x4x4xf32>
  %tt = math.absf %t : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %m = tensor.dim %tt, %c0 : tensor<?xf32>
"""
    src = parse_mlir(head + "  %c = tensor.collapse_shape %a [[0], [1, 2]] : tensor<?x4x4xf32> into tensor<?x16xf32>\n"
                     + RESHAPE_REST + "\n}\n", "before.mlir")
    tgt = parse_mlir(head + "  %c = flow.tensor.reshape %a : tensor<?x4x4xf32>{%m} -> tensor<?x16xf32>{%m}\n"
                     + RESHAPE_REST + "\n}\n", "after.mlir")
    assert prove_cuts(src, src.functions["f"], tgt, tgt.functions["f"], Options(confirm=False)).proved == 0
    assert check_modules(src, tgt, Options(confirm=False, timeout_s=5)).functions[0].verdict is Verdict.INCORRECT
