"""Refinement tests of the linalg semantics: hand-written correct and incorrect pairs per family."""

import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict

TRANSPOSE_MAP = "affine_map<(d0, d1, d2) -> (d1, d2, d0)>"


def verdict(text: str, fp: str = "abstract", confirm: bool = False):
    report = check_modules(parse_mlir(text, "pair.mlir"), None, Options(fp=fp, confirm=confirm, timeout_s=30))
    return report


def pair(src_body: str, tgt_body: str, sig: str, ret: str) -> str:
    return (f"func.func @src({sig}) -> {ret} {{\n{src_body}\n}}\n"
            f"func.func @tgt({sig}) -> {ret} {{\n{tgt_body}\n}}\n")


# ----------------------------------------------------------------------------- transpose

def _generic_transpose(out_map: str) -> str:
    return f"""
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, {out_map}],
                       iterator_types = ["parallel", "parallel", "parallel"]}}
      ins(%a : tensor<?x?x?xi32>) outs(%o : tensor<?x?x?xi32>) {{
  ^bb0(%x: i32, %y: i32):
    linalg.yield %x : i32
  }} -> tensor<?x?x?xi32>
  return %r : tensor<?x?x?xi32>"""


def _named_transpose(perm: str) -> str:
    return f"""
  %r = linalg.transpose ins(%a : tensor<?x?x?xi32>) outs(%o : tensor<?x?x?xi32>) permutation = [{perm}]
  return %r : tensor<?x?x?xi32>"""


SIG3 = "%a: tensor<?x?x?xi32>, %o: tensor<?x?x?xi32>"


def test_transpose_matches_generic_with_permuted_output_map():
    # out[d1, d2, d0] = in[d0, d1, d2]  <=>  out[i, j, k] = in[k, i, j]: input dim perm[r] is
    # result dim r, so perm = [1, 2, 0]
    text = pair(_named_transpose("1, 2, 0"), _generic_transpose(TRANSPOSE_MAP), SIG3, "tensor<?x?x?xi32>")
    assert verdict(text).verdict is Verdict.CORRECT


def test_transpose_with_wrong_permutation_is_incorrect():
    text = pair(_named_transpose("2, 0, 1"), _generic_transpose(TRANSPOSE_MAP), SIG3, "tensor<?x?x?xi32>")
    assert verdict(text).verdict is Verdict.INCORRECT


# ----------------------------------------------------------------------------- contractions

MATMUL_GENERIC = """
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>,
                                        affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<?x?xi8>, tensor<?x?xi8>) outs(%c : tensor<?x?xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %m = arith.muli %ye, %xe : i32
    %s = arith.addi %m, %acc : i32
    linalg.yield %s : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>"""
SIG_MM = "%a: tensor<?x?xi8>, %b: tensor<?x?xi8>, %c: tensor<?x?xi32>"


def _matmul(attrs: str = "") -> str:
    return f"""
  %r = linalg.matmul {attrs} ins(%a, %b : tensor<?x?xi8>, tensor<?x?xi8>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>"""


def test_matmul_matches_generic_with_dynamic_extents():
    report = verdict(pair(_matmul(), MATMUL_GENERIC, SIG_MM, "tensor<?x?xi32>"))
    assert report.verdict is Verdict.CORRECT


def test_unsigned_matmul_differs_from_signed_generic():
    report = verdict(pair(_matmul("{cast = #linalg.type_fn<cast_unsigned>}"), MATMUL_GENERIC, SIG_MM,
                          "tensor<?x?xi32>"))
    assert report.verdict in (Verdict.INCORRECT, Verdict.UNKNOWN)
    assert report.verdict is not Verdict.CORRECT


def test_static_unsigned_matmul_differs_from_signed_and_is_confirmed():
    sig = "%a: tensor<2x3xi8>, %b: tensor<3x2xi8>, %c: tensor<2x2xi32>"
    mm = """
  %r = linalg.matmul {cast = #linalg.type_fn<cast_SIGN>} ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>"""
    text = pair(mm.replace("SIGN", "signed"), mm.replace("SIGN", "unsigned"), sig, "tensor<2x2xi32>")
    report = verdict(text, confirm=True)
    assert report.verdict is Verdict.INCORRECT
    assert report.functions[0].confirmation.confirmed is True


def test_matmul_with_transposed_lhs_map_matches_transpose_then_matmul():
    sig = "%a: tensor<?x?xi32>, %b: tensor<?x?xi32>, %c: tensor<?x?xi32>, %t: tensor<?x?xi32>"
    src = """
  %at = linalg.transpose ins(%a : tensor<?x?xi32>) outs(%t : tensor<?x?xi32>) permutation = [1, 0]
  %r = linalg.matmul ins(%at, %b : tensor<?x?xi32>, tensor<?x?xi32>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>"""
    tgt = """
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>,
                                      affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : tensor<?x?xi32>, tensor<?x?xi32>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>"""
    assert verdict(pair(src, tgt, sig, "tensor<?x?xi32>")).verdict is Verdict.CORRECT


@pytest.mark.slow  # about 15 s of solver time; the dynamic i32 contraction proofs above stay fast
def test_matmul_equals_batch_matmul_of_expanded_operands(tmp_path):
    """Run as a user runs it, in a fresh process: z3's search depends on the terms a process built
    before, and after hundreds of other tests in one worker this proof can exceed its budget."""
    sig = "%a: tensor<4x3xf32>, %b: tensor<3x5xf32>, %c: tensor<4x5xf32>"
    src = """
  %r = linalg.matmul ins(%a, %b : tensor<4x3xf32>, tensor<3x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>"""
    tgt = """
  %a3 = tensor.expand_shape %a [[0, 1], [2]] output_shape [1, 4, 3] : tensor<4x3xf32> into tensor<1x4x3xf32>
  %b3 = tensor.expand_shape %b [[0, 1], [2]] output_shape [1, 3, 5] : tensor<3x5xf32> into tensor<1x3x5xf32>
  %c3 = tensor.expand_shape %c [[0, 1], [2]] output_shape [1, 4, 5] : tensor<4x5xf32> into tensor<1x4x5xf32>
  %r3 = linalg.batch_matmul ins(%a3, %b3 : tensor<1x4x3xf32>, tensor<1x3x5xf32>) outs(%c3 : tensor<1x4x5xf32>) -> tensor<1x4x5xf32>
  %r = tensor.collapse_shape %r3 [[0, 1], [2]] : tensor<1x4x5xf32> into tensor<4x5xf32>
  return %r : tensor<4x5xf32>"""
    import subprocess
    import sys

    from irverify.records import read_records

    path = tmp_path / "matmul.srctgt.mlir"
    path.write_text(pair(src, tgt, sig, "tensor<4x5xf32>"))
    out = subprocess.run([sys.executable, "-m", "irverify", "check", str(path), "--json", "--no-confirm"],
                         capture_output=True, text=True, timeout=600)
    assert read_records(out.stdout)[1]["verdict"] == "correct", out.stdout + out.stderr


def test_float_dot_matches_generic_under_abstract_floats():
    sig = "%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<f32>"
    src = """
  %r = linalg.dot ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%c : tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>"""
    tgt = """
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%c : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>"""
    assert verdict(pair(src, tgt, sig, "tensor<f32>")).verdict is Verdict.CORRECT


# ----------------------------------------------------------------------------- reductions

def _reduce_named(dim: int, ty: str = "tensor<4x4xi32>", out: str = "tensor<4xi32>") -> str:
    return f"""
  %r = linalg.reduce ins(%a : {ty}) outs(%o : {out}) dimensions = [{dim}]
    (%x: i32, %acc: i32) {{
      %s = arith.addi %x, %acc : i32
      linalg.yield %s : i32
    }}
  return %r : {out}"""


def _reduce_generic(red_dim: int, ty: str = "tensor<4x4xi32>", out: str = "tensor<4xi32>") -> str:
    keep = 1 - red_dim
    iters = ['"reduction"' if d == red_dim else '"parallel"' for d in range(2)]
    return f"""
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d{keep})>],
                       iterator_types = [{", ".join(iters)}]}}
      ins(%a : {ty}) outs(%o : {out}) {{
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %acc, %x : i32
    linalg.yield %s : i32
  }} -> {out}
  return %r : {out}"""


def test_static_integer_reduction_matches_generic():
    sig = "%a: tensor<4x4xi32>, %o: tensor<4xi32>"
    assert verdict(pair(_reduce_named(1), _reduce_generic(1), sig, "tensor<4xi32>")).verdict is Verdict.CORRECT


def test_reduction_over_the_wrong_dim_is_incorrect_and_confirmed():
    sig = "%a: tensor<4x4xi32>, %o: tensor<4xi32>"
    report = verdict(pair(_reduce_named(1), _reduce_generic(0), sig, "tensor<4xi32>"), confirm=True)
    assert report.verdict is Verdict.INCORRECT
    assert report.functions[0].confirmation.confirmed is True


def test_dynamic_integer_reduction_matches_its_rewrite():
    ty, out = "tensor<?x?xi32>", "tensor<?xi32>"
    sig = f"%a: {ty}, %o: {out}"
    report = verdict(pair(_reduce_named(1, ty, out), _reduce_generic(1, ty, out), sig, out))
    assert report.verdict is Verdict.CORRECT


def test_dynamic_integer_reduction_over_the_wrong_dim_is_not_correct():
    ty, out = "tensor<?x?xi32>", "tensor<?xi32>"
    sig = f"%a: {ty}, %o: {out}"
    report = verdict(pair(_reduce_named(1, ty, out), _reduce_generic(0, ty, out), sig, out))
    assert report.verdict in (Verdict.INCORRECT, Verdict.UNKNOWN)


# An op only the target has: a target otherwise equal to its source is `correct` without
# encoding either (``verify.align.unchanged``); with it the source's semantics are reached.
DEAD = "\n  %dead = arith.constant 0 : i8"


def test_reduction_with_a_non_associative_body_and_dynamic_extent_is_unsupported():
    sig = "%a: tensor<?xi32>, %o: tensor<i32>"
    body = """
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%a : tensor<?xi32>) outs(%o : tensor<i32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.subi %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  return %r : tensor<i32>"""
    report = verdict(pair(body, DEAD + body, sig, "tensor<i32>"))
    assert report.verdict is Verdict.UNSUPPORTED
    assert "associative" in report.functions[0].message


def test_float_row_sums_commute_with_transpose():
    sig = "%a: tensor<3x4xf32>, %t: tensor<4x3xf32>, %o: tensor<3xf32>"
    src = """
  %r = linalg.reduce ins(%a : tensor<3x4xf32>) outs(%o : tensor<3xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3xf32>"""
    tgt = """
  %at = linalg.transpose ins(%a : tensor<3x4xf32>) outs(%t : tensor<4x3xf32>) permutation = [1, 0]
  %r = linalg.reduce ins(%at : tensor<4x3xf32>) outs(%o : tensor<3xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %acc, %x : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3xf32>"""
    text = pair(src, tgt, sig, "tensor<3xf32>")
    assert verdict(text).verdict is Verdict.CORRECT  # the same summands in the same order
    assert verdict(text, fp="real").verdict is Verdict.CORRECT


def test_full_float_sum_in_another_order_is_correct_only_over_the_reals():
    sig = "%a: tensor<3x4xf32>, %t: tensor<4x3xf32>, %o: tensor<f32>"
    reduce = """
  %r = linalg.reduce ins(%X : tensor<SHAPExf32>) outs(%o : tensor<f32>) dimensions = [0, 1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>"""
    src = reduce.replace("%X", "%a").replace("SHAPE", "3x4")
    tgt = """
  %at = linalg.transpose ins(%a : tensor<3x4xf32>) outs(%t : tensor<4x3xf32>) permutation = [1, 0]""" + \
        reduce.replace("%X", "%at").replace("SHAPE", "4x3")
    text = pair(src, tgt, sig, "tensor<f32>")
    real = verdict(text, fp="real")
    assert real.verdict is Verdict.CORRECT
    assert any("real-only" in n for n in real.functions[0].notes)
    assert verdict(text).verdict is Verdict.UNKNOWN  # the fold sees the summands in another order


# ----------------------------------------------------------------------------- fill, broadcast, elementwise

def test_fill_with_a_different_value_is_incorrect_and_confirmed():
    sig = "%o: tensor<?x3xi32>"
    body = """
  %v = arith.constant VALUE : i32
  %r = linalg.fill ins(%v : i32) outs(%o : tensor<?x3xi32>) -> tensor<?x3xi32>
  return %r : tensor<?x3xi32>"""
    text = pair(body.replace("VALUE", "7"), body.replace("VALUE", "8"), sig, "tensor<?x3xi32>")
    report = verdict(text, confirm=True)
    assert report.verdict is Verdict.INCORRECT
    assert report.functions[0].confirmation.confirmed is True


def test_fill_of_an_empty_tensor_matches_generic_writing_the_constant():
    sig = "%n: index"
    src = """
  %v = arith.constant 5 : i32
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.fill ins(%v : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>"""
    tgt = """
  %v = arith.constant 5 : i32
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e : tensor<?xi32>) {
  ^bb0(%x: i32):
    linalg.yield %v : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>"""
    assert verdict(pair(src, tgt, sig, "tensor<?xi32>")).verdict is Verdict.CORRECT


def test_generic_reading_an_empty_init_is_poison():
    sig = "%a: tensor<?xi32>"
    src = """
  %r = arith.addi %a, %a : tensor<?xi32>
  return %r : tensor<?xi32>"""
    tgt = """
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<?xi32>) outs(%e : tensor<?xi32>) {
  ^bb0(%x: i32, %y: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>"""
    report = verdict(pair(src, tgt, sig, "tensor<?xi32>"))
    assert report.verdict is Verdict.INCORRECT
    cex = report.functions[0].counterexample
    assert cex.check == "value mismatch" and cex.target_value == "poison"


def test_broadcast_matches_generic_with_projected_map():
    sig = "%a: tensor<?xi32>, %o: tensor<?x?xi32>"
    src = """
  %r = linalg.broadcast ins(%a : tensor<?xi32>) outs(%o : tensor<?x?xi32>) dimensions = [0]
  return %r : tensor<?x?xi32>"""
    tgt = """
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?xi32>) outs(%o : tensor<?x?xi32>) {
  ^bb0(%x: i32, %y: i32):
    linalg.yield %x : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>"""
    assert verdict(pair(src, tgt, sig, "tensor<?x?xi32>")).verdict is Verdict.CORRECT
    wrong = tgt.replace("affine_map<(d0, d1) -> (d1)>", "affine_map<(d0, d1) -> (d0)>")
    assert verdict(pair(src, wrong, sig, "tensor<?x?xi32>")).verdict is Verdict.INCORRECT


@pytest.mark.parametrize("kind, op, expected", [
    ("add", "arith.addi", Verdict.CORRECT),
    ("sub", "arith.subi", Verdict.CORRECT),
    ("max_unsigned", "arith.maxui", Verdict.CORRECT),
    ("max_signed", "arith.maxui", Verdict.INCORRECT),
    ("div", "arith.divui", Verdict.INCORRECT),
])
def test_elementwise_kinds_against_arith(kind, op, expected):
    sig = "%a: tensor<?x4xi8>, %b: tensor<?x4xi8>"
    src = f"""
  %r = linalg.elementwise <{kind}> ins(%a, %b : tensor<?x4xi8>, tensor<?x4xi8>) outs(%a : tensor<?x4xi8>) -> tensor<?x4xi8>
  return %r : tensor<?x4xi8>"""
    tgt = f"""
  %r = {op} %a, %b : tensor<?x4xi8>
  return %r : tensor<?x4xi8>"""
    assert verdict(pair(src, tgt, sig, "tensor<?x4xi8>")).verdict is expected


def test_linalg_index_reads_the_loop_index():
    sig = "%o: tensor<?x?xindex>"
    body = """
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%o : tensor<?x?xindex>) {
  ^bb0(%y: index):
    %i = linalg.index DIM : index
    linalg.yield %i : index
  } -> tensor<?x?xindex>
  return %r : tensor<?x?xindex>"""
    same = pair(body.replace("DIM", "0"), body.replace("DIM", "0"), sig, "tensor<?x?xindex>")
    assert verdict(same).verdict is Verdict.CORRECT
    swapped = pair(body.replace("DIM", "0"), body.replace("DIM", "1"), sig, "tensor<?x?xindex>")
    assert verdict(swapped).verdict is Verdict.INCORRECT


def test_non_linear_indexing_map_is_unsupported():
    sig = "%a: tensor<?xi32>, %o: tensor<?xi32>"
    body = """
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 mod 2)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<?xi32>) outs(%o : tensor<?xi32>) {
  ^bb0(%x: i32, %y: i32):
    linalg.yield %x : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>"""
    assert verdict(pair(body, DEAD + body, sig, "tensor<?xi32>")).verdict is Verdict.UNSUPPORTED


SHIFTED = """
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<?xi32>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: i32, %y: i32):
    linalg.yield %x : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>"""


def test_shifted_read_is_a_slice_where_it_is_in_bounds():
    """``(d0) -> (d0 + 1)`` reads a[1..4]: equal to the slice wherever a has 5 elements or
    more; with fewer the read past the end is UB of the source."""
    sig = "%a: tensor<?xi32>, %o: tensor<4xi32>"
    tgt = """
  %s = tensor.extract_slice %a[1] [4] [1] : tensor<?xi32> to tensor<4xi32>
  return %s : tensor<4xi32>"""
    report = verdict(pair(SHIFTED, tgt, sig, "tensor<4xi32>"))
    assert report.verdict is Verdict.CORRECT and report.functions[0].source_ub is not None


def test_shifted_read_past_the_end_is_target_ub():
    sig = "%a: tensor<?xi32>, %o: tensor<4xi32>"
    src = """
  %s = tensor.extract_slice %a[0] [4] [1] : tensor<?xi32> to tensor<4xi32>
  return %s : tensor<4xi32>"""
    report = verdict(pair(src, SHIFTED, sig, "tensor<4xi32>"))
    assert report.verdict is Verdict.INCORRECT
    cex = report.functions[0].counterexample
    assert cex.check.startswith("target has undefined behaviour") and list(cex.dims.values()) == [4]


def test_mismatched_operand_extents_are_source_ub():
    sig = "%a: tensor<?xi32>, %o: tensor<?xi32>"
    src = """
  %r = linalg.copy ins(%a : tensor<?xi32>) outs(%o : tensor<?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>"""
    tgt = """
  return %a : tensor<?xi32>"""
    report = verdict(pair(src, tgt, sig, "tensor<?xi32>"))
    assert report.verdict is Verdict.CORRECT
    assert report.functions[0].source_ub is not None


# ----------------------------------------------------------------------------- i1 arithmetic

I1_CONTRACTIONS = [  # (op, A shape, B shape, C shape, numpy reference of the product)
    ("matmul", (2, 3), (3, 4), (2, 4), lambda a, b: a.astype(int) @ b.astype(int)),
    ("batch_matmul", (2, 2, 3), (2, 3, 2), (2, 2, 2), lambda a, b: a.astype(int) @ b.astype(int)),
    ("matvec", (2, 3), (3,), (2,), lambda a, b: a.astype(int) @ b.astype(int)),
    ("vecmat", (3,), (3, 2), (2,), lambda a, b: a.astype(int) @ b.astype(int)),
    ("dot", (3,), (3,), (), lambda a, b: a.astype(int) @ b.astype(int)),
]


def _tt(shape) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "i1>"


@pytest.mark.parametrize("op,sa,sb,sc,ref", I1_CONTRACTIONS, ids=[c[0] for c in I1_CONTRACTIONS])
def test_i1_contraction_accumulates_with_or(op, sa, sb, sc, ref):
    """On i1, MLIR builds the contraction body as ``acc | (a & b)``."""
    import numpy as np

    from irverify.verify.evaluate import evaluate_function

    ta, tb, tc = _tt(sa), _tt(sb), _tt(sc)
    text = (f"func.func @f(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{\n"
            f"  %r = linalg.{op} ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) -> {tc}\n  return %r : {tc}\n}}")
    rng = np.random.default_rng(3)
    for _ in range(4):
        a, b = rng.integers(0, 2, sa).astype(bool), rng.integers(0, 2, sb).astype(bool)
        c = rng.integers(0, 2, sc).astype(bool)
        (out,) = evaluate_function(parse_mlir(text, "f.mlir"), "f", [a, b, c], fp_name="abstract").outputs
        np.testing.assert_array_equal(out, c | (ref(a, b) > 0))


def test_i1_elementwise_add_is_or_and_mul_is_and():
    t = "tensor<4xi1>"
    src = (f"  %0 = linalg.elementwise <add> ins(%a, %b : {t}, {t}) outs(%o : {t}) -> {t}\n"
           f"  %1 = linalg.elementwise <mul> ins(%a, %b : {t}, {t}) outs(%o : {t}) -> {t}\n"
           f"  return %0, %1 : {t}, {t}")
    sig, ret = f"%a: {t}, %b: {t}, %o: {t}", f"({t}, {t})"
    ok = f"  %0 = arith.ori %a, %b : {t}\n  %1 = arith.andi %a, %b : {t}\n  return %0, %1 : {t}, {t}"
    xor = f"  %0 = arith.xori %a, %b : {t}\n  %1 = arith.andi %a, %b : {t}\n  return %0, %1 : {t}, {t}"
    assert verdict(pair(src, ok, sig, ret)).verdict == Verdict.CORRECT
    assert verdict(pair(src, xor, sig, ret)).verdict == Verdict.INCORRECT
