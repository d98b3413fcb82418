"""Ops a rewrite left unchanged (``verify.align``): a target op that is the same op on the same
values as a source op takes the source's value, and a target made only of such ops is
`correct` without a query. What must never align: ops with effects, ops naming other symbols
(their definitions may differ), constants that differ anywhere (also past numpy's elision)."""

from __future__ import annotations

import numpy as np

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.align import align, labelled_alignment, unchanged
from irverify.verify.check import UNCHANGED, Options, check_modules
from irverify.verify.verdict import Verdict

NO_CONFIRM = Options(confirm=False)

BODY = """  %a = arith.addf %x, %y : tensor<4xf32>
  %b = arith.mulf %a, %a : tensor<4xf32>
  %c = math.exp %b : tensor<4xf32>
  return %c : tensor<4xf32>"""


def pair(src: str, tgt: str, sig: str = "%x: tensor<4xf32>, %y: tensor<4xf32>", res: str = "tensor<4xf32>",
         extra: str = ""):
    return parse_mlir(f"{extra}func.func @src({sig}) -> {res} {{\n{src}\n}}\n"
                      f"func.func @tgt({sig}) -> {res} {{\n{tgt}\n}}\n", "pair.mlir")


def check(module):
    report = check_modules(module, None, NO_CONFIRM)
    return report.functions[0]


def test_an_unchanged_function_is_correct_without_a_query():
    fr = check(pair(BODY, BODY))
    assert fr.verdict is Verdict.CORRECT and UNCHANGED in fr.notes


def test_renamed_values_and_a_common_subexpression_removed_are_unchanged():
    src = BODY.replace("%b = arith.mulf %a, %a", "%a2 = arith.addf %x, %y : tensor<4xf32>\n  %b = arith.mulf %a, %a2")
    tgt = BODY.replace("%a", "%sum").replace("%b", "%sq")
    m = pair(src, tgt)
    assert unchanged(m.functions["src"], m.functions["tgt"], align(m.functions["src"], m.functions["tgt"]))
    assert check(m).verdict is Verdict.CORRECT


def test_a_changed_op_is_checked_with_the_unchanged_ones_shared():
    m = pair(BODY, BODY.replace("math.exp %b", "math.exp %a"))
    s, g = m.functions["src"], m.functions["tgt"]
    aligned = align(s, g)
    assert [op.name for op in g.body.ops if id(op) in aligned] == ["arith.addf", "arith.mulf"]
    assert not unchanged(s, g, aligned)
    fr = check(m)
    assert fr.verdict is Verdict.INCORRECT and UNCHANGED not in fr.notes
    swapped = pair(BODY, BODY.replace("%x, %y", "%y, %x"))  # addf commutes: not aligned, still correct
    assert check(swapped).verdict is Verdict.CORRECT


def test_operands_must_be_the_same_values():
    m = pair(BODY, BODY.replace("arith.addf %x, %y", "arith.addf %x, %x"))
    assert check(m).verdict is Verdict.INCORRECT


def test_a_source_store_the_target_drops_is_not_unchanged():
    sig = "%x: i32, %m: memref<4xi32>"
    src = "  %c0 = arith.constant 0 : index\n  memref.store %x, %m[%c0] : memref<4xi32>\n  return %x : i32"
    tgt = "  %c0 = arith.constant 0 : index\n  return %x : i32"
    m = pair(src, tgt, sig, "i32")
    assert not unchanged(m.functions["src"], m.functions["tgt"], align(m.functions["src"], m.functions["tgt"]))
    assert check(m).verdict is Verdict.INCORRECT


def test_constants_differing_past_numpys_elision_do_not_align():
    values = list(range(1100))  # numpy's repr elides arrays of more than 1,000 elements
    other = values.copy()
    other[550] = -1  # (a middle element: the elided repr shows the first and last three)
    assert repr(np.array(values)) == repr(np.array(other))

    def const(vals):
        return (f"  %c = arith.constant dense<[{', '.join(map(str, vals))}]> : tensor<1100xi32>\n"
                "  %r = arith.addi %c, %x : tensor<1100xi32>\n  return %r : tensor<1100xi32>")

    m = pair(const(values), const(other), "%x: tensor<1100xi32>", "tensor<1100xi32>")
    assert align(m.functions["src"], m.functions["tgt"]) == {}
    assert check(m).verdict is Verdict.INCORRECT
    same = pair(const(values), const(values), "%x: tensor<1100xi32>", "tensor<1100xi32>")
    assert UNCHANGED in check(same).notes


def test_a_call_never_aligns_its_callee_may_differ():
    src_text = """func.func private @f(%x: i32) -> i32 {
  return %x : i32
}
func.func @main(%x: i32) -> i32 {
  %r = func.call @f(%x) : (i32) -> i32
  return %r : i32
}
"""
    tgt_text = src_text.replace("return %x : i32\n}\nfunc.func @main",
                                "%c1 = arith.constant 1 : i32\n  %y = arith.addi %x, %c1 : i32\n"
                                "  return %y : i32\n}\nfunc.func @main")
    src, tgt = parse_mlir(src_text, "src.mlir"), parse_mlir(tgt_text, "tgt.mlir")
    report = check_modules(src, tgt, NO_CONFIRM)
    main = next(f for f in report.functions if f.name == "main")
    assert main.verdict is Verdict.INCORRECT


def test_regions_align_only_when_equal():
    generic = """  %o = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = OP %in, %in : f32
    linalg.yield %e : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>"""
    sig = "%x: tensor<4xf32>"
    same = pair(generic.replace("OP", "arith.addf"), generic.replace("OP", "arith.addf"), sig)
    assert UNCHANGED in check(same).notes
    other = pair(generic.replace("OP", "arith.addf"), generic.replace("OP", "arith.mulf"), sig)
    assert check(other).verdict is Verdict.INCORRECT


def test_a_constant_hoisted_out_of_a_region_aligns_and_a_different_one_does_not():
    # canonicalization hoists the constants of linalg.generic bodies to the function body
    inner = """  %o = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %k = arith.constant 1.250000e-01 : f32
    %e = arith.mulf %in, %k : f32
    linalg.yield %e : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>"""
    hoisted = """  %k = arith.constant VALUE : f32
  %o = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = arith.mulf %in, %k : f32
    linalg.yield %e : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>"""
    sig = "%x: tensor<4xf32>"
    same = pair(inner, hoisted.replace("VALUE", "1.250000e-01"), sig)
    assert UNCHANGED in check(same).notes and check(same).verdict is Verdict.CORRECT
    sunk = pair(hoisted.replace("VALUE", "1.250000e-01"), inner, sig)
    assert UNCHANGED in check(sunk).notes
    other = pair(inner, hoisted.replace("VALUE", "2.500000e-01"), sig)
    fr = check(other)
    assert fr.verdict is Verdict.INCORRECT and UNCHANGED not in fr.notes
    negzero = pair(inner.replace("1.250000e-01", "0.000000e+00"), hoisted.replace("VALUE", "-0.000000e+00"), sig)
    assert UNCHANGED not in check(negzero).notes  # constants compare by their bits


# ----------------------------------------------------------------------------- through IREE's dispatch forms

REGIONS = """  %e = tensor.empty() : tensor<2x4xf32>
  %r = flow.dispatch.region -> (tensor<2x4xf32>) {
    %s = arith.addf %x, %y : tensor<2x4xf32>
    %m = arith.mulf %s, YIELDED : tensor<2x4xf32>
    flow.return %m : tensor<2x4xf32>
  }
  return %r : tensor<2x4xf32>"""
FLAT = """  %s = arith.addf %x, %y : tensor<2x4xf32>
  %m = arith.mulf %s, %s : tensor<2x4xf32>
  return %m : tensor<2x4xf32>"""
SIG2 = "%x: tensor<2x4xf32>, %y: tensor<2x4xf32>"


def test_ops_moved_into_a_dispatch_region_align():
    m = pair(FLAT, REGIONS.replace("YIELDED", "%s"), SIG2, "tensor<2x4xf32>")
    s, g = m.functions["src"], m.functions["tgt"]
    region = next(op for op in g.body.ops if op.name == "flow.dispatch.region")
    assert all(id(op) in align(s, g) for op in region.regions[0][0].ops[:-1])
    assert check(m).verdict is Verdict.CORRECT
    bare = pair(FLAT, REGIONS.replace("YIELDED", "%s").replace("  %e = tensor.empty() : tensor<2x4xf32>\n", ""),
                SIG2, "tensor<2x4xf32>")
    fr = check(bare)
    assert fr.verdict is Verdict.CORRECT and UNCHANGED in fr.notes  # (a static region: nothing declared)
    wrong = pair(FLAT, REGIONS.replace("YIELDED", "%x"), SIG2, "tensor<2x4xf32>")
    assert check(wrong).verdict is Verdict.INCORRECT
    returned_other = pair(FLAT, REGIONS.replace("YIELDED", "%s").replace("flow.return %m", "flow.return %s"),
                          SIG2, "tensor<2x4xf32>")
    assert not unchanged(s, returned_other.functions["tgt"], align(s, returned_other.functions["tgt"]))


DECL_HEAD = """  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>"""
DECL_OPS = """  %s = linalg.copy ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]} ins(%s, %y : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<?xf32>"""
DECL_REGION = """  %r = flow.dispatch.region -> (tensor<?xf32>{DECLARED}) {
  OPS
    flow.return %m : tensor<?xf32>
  }
  %b = iree_tensor_ext.compute_barrier.end %r : tensor<?xf32>{%d} -> tensor<?xf32>
  return %b : tensor<?xf32>"""
DECL_SIG = "%x: tensor<?xf32>, %y: tensor<?xf32>, %n: index"


def test_a_dispatch_region_declaring_the_extent_its_body_returns_is_read_through():
    # IREE's form-dispatch-regions on a dynamic model: each region declares its result's extent
    # (``{%d}``), which is the extent of the init its body's ops write (a tensor.empty of the
    # argument's extent): the region has no UB of its own, and so the barrier reading it.
    flat = f"{DECL_HEAD}\n{DECL_OPS}\n  return %m : tensor<?xf32>"
    regions = DECL_HEAD + "\n" + DECL_REGION.replace("OPS", DECL_OPS)
    m = pair(flat, regions.replace("DECLARED", "%d"), DECL_SIG, "tensor<?xf32>")
    s, g = m.functions["src"], m.functions["tgt"]
    assert unchanged(s, g, align(s, g))
    fr = check(m)
    assert fr.verdict is Verdict.CORRECT and UNCHANGED in fr.notes
    # declared as another index value: the region is undefined where it differs
    other = pair(flat, regions.replace("DECLARED", "%n"), DECL_SIG, "tensor<?xf32>")
    s, g = other.functions["src"], other.functions["tgt"]
    assert not unchanged(s, g, align(s, g))
    assert check(other).verdict is Verdict.INCORRECT


BARRIER = """  %b = iree_tensor_ext.compute_barrier.start %x : tensor<?xf32>{DIM} -> tensor<?xf32>
  %r = math.exp %b : tensor<?xf32>
  return %r : tensor<?xf32>"""
PLAIN = "  %r = math.exp %x : tensor<?xf32>\n  return %r : tensor<?xf32>"


def test_an_inserted_barrier_is_an_identity_but_its_declared_extent_still_counts():
    sig = "%x: tensor<?xf32>, %n: index"
    good = pair(PLAIN, "  %c0 = arith.constant 0 : index\n  %d = tensor.dim %x, %c0 : tensor<?xf32>\n"
                + BARRIER.replace("DIM", "%d"), sig, "tensor<?xf32>")
    assert check(good).verdict is Verdict.CORRECT
    bad = pair(PLAIN, BARRIER.replace("DIM", "%n"), sig, "tensor<?xf32>")  # %n may differ: target UB
    s, g = bad.functions["src"], bad.functions["tgt"]
    assert not unchanged(s, g, align(s, g))
    assert check(bad).verdict is Verdict.INCORRECT


WORKGROUPS = """  %r = flow.dispatch.workgroups(%x, %y) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32> =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>>, %b: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>>,
       %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4xf32>>) {
    %la = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>> -> tensor<2x4xf32>
    %lb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>> -> tensor<2x4xf32>
    %s = arith.addf LHS, %lb : tensor<2x4xf32>
    %m = arith.mulf %s, %s : tensor<2x4xf32>
    STORES
    flow.return
  }
  return %r : tensor<2x4xf32>"""
STORE = ("iree_tensor_ext.dispatch.tensor.store {v}, %o, offsets = [{o}], sizes = [{z}], strides = [1, 1] : "
         "tensor<{t}xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4xf32>>")


def workgroups(lhs="%la", stores=None):
    stores = stores or [STORE.format(v="%m", o="0, 0", z="2, 4", t="2x4")]
    return WORKGROUPS.replace("LHS", lhs).replace("STORES", "\n    ".join(stores))


def test_a_dispatch_workgroups_body_aligns_through_whole_loads_and_its_store():
    m = pair(FLAT, workgroups(), SIG2, "tensor<2x4xf32>")
    s, g = m.functions["src"], m.functions["tgt"]
    wg = next(op for op in g.body.ops if op.name == "flow.dispatch.workgroups")
    names = [op.name for op in wg.regions[0][0].ops if id(op) in align(s, g)]
    assert names == ["arith.addf", "arith.mulf"]
    assert check(m).verdict is Verdict.CORRECT
    swapped = pair(FLAT, workgroups(lhs="%lb"), SIG2, "tensor<2x4xf32>")  # reads y twice
    assert check(swapped).verdict is Verdict.INCORRECT


def test_a_partial_store_leaves_the_rest_of_the_result_unwritten():
    """Two stores of half the rows each are not one whole store (the result is read back from
    the buffer); one store of the first row alone leaves the second row poison: incorrect."""
    halves = [STORE.format(v="%h0", o="0, 0", z="1, 4", t="1x4"), STORE.format(v="%h1", o="1, 0", z="1, 4", t="1x4")]
    split = ["%h0 = tensor.extract_slice %m[0, 0] [1, 4] [1, 1] : tensor<2x4xf32> to tensor<1x4xf32>",
             "%h1 = tensor.extract_slice %m[1, 0] [1, 4] [1, 1] : tensor<2x4xf32> to tensor<1x4xf32>"]
    m = pair(FLAT, workgroups(stores=split + halves), SIG2, "tensor<2x4xf32>")
    assert check(m).verdict is Verdict.CORRECT
    first_only = pair(FLAT, workgroups(stores=split + halves[:1]), SIG2, "tensor<2x4xf32>")
    assert check(first_only).verdict is Verdict.INCORRECT


# ----------------------------------------------------------------------------- Relax call_tir

PRIMFUNC = """    @T.prim_func(private=True, s_tir=True)
    def {name}(x0: T.Buffer((T.int64(4),), "float32"), y0: T.Buffer((T.int64({n}),), "float32")):
        T.func_attr({{"tirx.noalias": True}})
        for i0 in T.serial(T.int64({n})):
            with T.sblock("map"):
                v_i0 = T.axis.spatial(T.int64({n}), i0)
                y0[v_i0] = T.max(x0[v_i0], T.float32({c}))
"""
RELAX_FN = """    @R.function
    def {name}(a0: R.Tensor((4,), "float32")):
        cls = Module
        v1 = R.call_tir(cls.{f}, (a0,), out_ty=R.Tensor(({n},), "float32"))
        v2 = R.add(v1, R.const(1.0, "float32"))
        return v2
"""


def relax_pair(src_c: str = "0.0", tgt_c: str = "0.0", src_n: int = 4, tgt_n: int = 4):
    """@src and @tgt, each calling its own PrimFunc (a ReLU-like ``max(x, c)`` over ``n``
    elements), then adding 1."""
    from irverify.frontends.relax.parse import parse

    text = ("@I.ir_module\nclass Module:\n"
            + PRIMFUNC.format(name="src_f", n=src_n, c=src_c) + RELAX_FN.format(name="src", f="src_f", n=src_n)
            + PRIMFUNC.format(name="tgt_f", n=tgt_n, c=tgt_c) + RELAX_FN.format(name="tgt", f="tgt_f", n=tgt_n))
    return parse(text, "pair.py")


def test_a_call_tir_of_a_structurally_equal_primfunc_aligns():
    m = relax_pair()
    s, g = m.functions["src"], m.functions["tgt"]
    assert [op.name for op in g.body.ops if id(op) in align(s, g)] == ["relax.call_tir", "relax.const", "relax.add"]
    fr = check(m)
    assert fr.verdict is Verdict.CORRECT and UNCHANGED in fr.notes


def test_a_call_tir_whose_primfunc_changed_does_not_align():
    m = relax_pair(tgt_c="1.0")
    s, g = m.functions["src"], m.functions["tgt"]
    assert not any(op.name == "relax.call_tir" and id(op) in align(s, g) for op in g.body.ops)
    assert check(m).verdict is Verdict.INCORRECT


def test_a_program_that_leaves_stale_memory_refines_itself():
    # both PrimFuncs write 4 of 6 elements; the other 2 are stale memory, any value on either
    # side: the same program on both sides is correct (its behaviours are the source's own)
    text = relax_pair(src_n=6, tgt_n=6).text.replace("T.serial(T.int64(6))", "T.serial(T.int64(4))").replace(
        "T.axis.spatial(T.int64(6), i0)", "T.axis.spatial(T.int64(4), i0)")
    from irverify.frontends.relax.parse import parse

    assert check(parse(text, "pair.py")).verdict is Verdict.CORRECT
    changed = parse(text.replace("T.max(x0[v_i0], T.float32(0.0))", "T.max(x0[v_i0], T.float32(1.0))", 1), "pair.py")
    assert check(changed).verdict is not Verdict.CORRECT  # (the source's written elements differ)


# ----------------------------------------------------------------------------- static reshapes

RESHAPE_SRC = """  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x6x2xf32> into tensor<6x2xf32>
  %e = math.exp %c : tensor<6x2xf32>
  return %e : tensor<6x2xf32>"""


def reshape_pair(tgt: str):
    return pair(RESHAPE_SRC, tgt, sig="%x: tensor<1x6x2xf32>", res="tensor<6x2xf32>")


def test_a_static_collapse_and_a_flow_reshape_of_the_same_value_align():
    m = reshape_pair(RESHAPE_SRC.replace("tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x6x2xf32> into",
                                         "flow.tensor.reshape %x : tensor<1x6x2xf32> ->"))
    s, g = m.functions["src"], m.functions["tgt"]
    assert [op.name for op in g.body.ops if id(op) in align(s, g)] == ["flow.tensor.reshape", "math.exp"]
    fr = check(m)
    assert fr.verdict is Verdict.CORRECT and UNCHANGED in fr.notes


def test_a_chain_of_static_reshapes_aligns_as_one_reshape_of_its_first_operand():
    # (row-major reshapes compose: 1x6x2 -> 2x6 -> 6x2 is 1x6x2 -> 6x2, element for element)
    chain = pair(RESHAPE_SRC, """  %c = flow.tensor.reshape %x : tensor<1x6x2xf32> -> tensor<2x6xf32>
  %t = flow.tensor.reshape %c : tensor<2x6xf32> -> tensor<6x2xf32>
  %e = math.exp %t : tensor<6x2xf32>
  return %e : tensor<6x2xf32>""", sig="%x: tensor<1x6x2xf32>", res="tensor<6x2xf32>")
    s, g = chain.functions["src"], chain.functions["tgt"]
    assert [op.name for op in g.body.ops if id(op) in align(s, g)] == ["flow.tensor.reshape", "math.exp"]
    assert check(chain).verdict is Verdict.CORRECT


def test_a_reshape_chain_back_to_its_operand_is_the_operand():
    # (IREE's convert-tensor-to-flow folds collapse(expand(x)) into x, here on the source side)
    m = pair("""  %a = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 4] : tensor<4x8xf32> into tensor<4x2x4xf32>
  %b = tensor.collapse_shape %a [[0], [1, 2]] : tensor<4x2x4xf32> into tensor<4x8xf32>
  %e = math.exp %b : tensor<4x8xf32>
  return %e : tensor<4x8xf32>""", """  %e = math.exp %x : tensor<4x8xf32>
  return %e : tensor<4x8xf32>""", sig="%x: tensor<4x8xf32>", res="tensor<4x8xf32>")
    s, g = m.functions["src"], m.functions["tgt"]
    assert [op.name for op in g.body.ops if id(op) in align(s, g)] == ["math.exp"]
    report = check(m)
    assert report.verdict is Verdict.CORRECT and any(n.startswith("unchanged:") for n in report.notes)


def test_a_reshape_to_another_shape_or_of_another_value_does_not_align():
    other_shape = pair(RESHAPE_SRC, """  %c = flow.tensor.reshape %x : tensor<1x6x2xf32> -> tensor<2x6xf32>
  %t = flow.tensor.reshape %c : tensor<2x6xf32> -> tensor<12xf32>
  %u = flow.tensor.reshape %t : tensor<12xf32> -> tensor<2x6xf32>
  %v = tensor.extract_slice %u[0, 0] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
  %w = tensor.empty() : tensor<6x2xf32>
  %i = tensor.insert_slice %v into %w[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<6x2xf32>
  %e = math.exp %i : tensor<6x2xf32>
  return %e : tensor<6x2xf32>""", sig="%x: tensor<1x6x2xf32>", res="tensor<6x2xf32>")
    s, g = other_shape.functions["src"], other_shape.functions["tgt"]
    assert [op.name for op in g.body.ops if id(op) in align(s, g)] == []
    doubled = pair(RESHAPE_SRC, """  %c = flow.tensor.reshape %x : tensor<1x6x2xf32> -> tensor<6x2xf32>
  %z = arith.constant dense<1.0> : tensor<6x2xf32>
  %d = arith.mulf %c, %z : tensor<6x2xf32>
  %f = arith.addf %d, %d : tensor<6x2xf32>
  %e = math.exp %f : tensor<6x2xf32>
  return %e : tensor<6x2xf32>""", sig="%x: tensor<1x6x2xf32>", res="tensor<6x2xf32>")
    assert check(doubled).verdict is Verdict.INCORRECT


DYN_REGION = """func.func @f(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %r = flow.dispatch.region -> (tensor<?x4xf32>{%n}) {
    %e = tensor.empty(%n) : tensor<?x4xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %a : f32
      linalg.yield %m : f32
    } -> tensor<?x4xf32>
    flow.return %g : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}
"""
DYN_WORKGROUPS = """func.func @f(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %r = flow.dispatch.workgroups(%x, %n, %n) : (tensor<?x4xf32>{%n}, index, index) -> tensor<?x4xf32>{%n} =
      (%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>, %d0: index, %d1: index,
       %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xf32>>) {
    %v = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [LOAD, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%d0} -> tensor<?x4xf32>
    %e = tensor.empty(%d1) : tensor<?x4xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]} ins(%v : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %a : f32
      linalg.yield %m : f32
    } -> tensor<?x4xf32>
    iree_tensor_ext.dispatch.tensor.store %g, %out, offsets = [0, 0], sizes = [%d1, 4], strides = [1, 1] : tensor<?x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xf32>>{%d1}
    flow.return
  }
  return %r : tensor<?x4xf32>
}
"""


def test_a_dispatch_workgroups_with_dynamic_extents_aligns_through_whole_loads_and_stores():
    src = parse_mlir(DYN_REGION, "before.mlir")
    tgt = parse_mlir(DYN_WORKGROUPS.replace("LOAD", "%d0"), "after.mlir")
    s, g = src.functions["f"], tgt.functions["f"]
    body = next(op for op in g.body.ops if op.name == "flow.dispatch.workgroups").regions[0][0].ops
    generic = next(op for op in body if op.name == "linalg.generic")
    assert id(generic) in align(s, g)  # the load is the argument, so the generic is the source's
    assert check_modules(src, tgt, NO_CONFIRM).functions[0].verdict is Verdict.CORRECT
    # a load whose size is another value than its declared extent is not a whole load (here
    # the slice has one row: the result's other rows are never written)
    part = parse_mlir(DYN_WORKGROUPS.replace("LOAD", "%c1").replace("(%in:", "(%in:").replace(
        "    %v = ", "    %c1 = arith.constant 1 : index\n    %v = "), "after.mlir")
    assert id(next(op for op in next(op for op in part.functions["f"].body.ops
                                     if op.name == "flow.dispatch.workgroups").regions[0][0].ops
                   if op.name == "linalg.generic")) not in align(s, part.functions["f"])
    assert check_modules(src, part, NO_CONFIRM).functions[0].verdict is not Verdict.CORRECT


def test_a_dynamic_workgroups_declaring_its_operands_extents_is_read_through_without_a_query():
    # IREE's convert-dispatch-regions-to-workgroups on a model of symbolic batch: the extents a
    # workgroups op declares for its argument, its result and inside its body (the whole load
    # and store) are the extent of %x, so it has no UB of its own and the function is unchanged.
    src = parse_mlir(DYN_REGION, "before.mlir")
    tgt = parse_mlir(DYN_WORKGROUPS.replace("LOAD", "%d0"), "after.mlir")
    s, g = src.functions["f"], tgt.functions["f"]
    assert unchanged(s, g, align(s, g))
    fr = check_modules(src, tgt, NO_CONFIRM).functions[0]
    assert fr.verdict is Verdict.CORRECT and UNCHANGED in fr.notes
    # the target's extents read with tensor.dim of a value whose extent is %x's: still read through
    read = parse_mlir(DYN_WORKGROUPS.replace("LOAD", "%d0").replace(
        "  %r = flow.dispatch.workgroups(%x, %n, %n) : (tensor<?x4xf32>{%n}",
        "  %e0 = tensor.empty(%n) : tensor<?x4xf32>\n  %k = tensor.dim %e0, %c0 : tensor<?x4xf32>\n"
        "  %r = flow.dispatch.workgroups(%x, %n, %n) : (tensor<?x4xf32>{%k}"), "after.mlir")
    assert unchanged(s, read.functions["f"], align(s, read.functions["f"]))
    # a declared extent that is another value (an argument) may differ: not read through
    for old, new in (("-> tensor<?x4xf32>{%n} =", "-> tensor<?x4xf32>{%q} ="),
                     ("(tensor<?x4xf32>{%n}, index, index)", "(tensor<?x4xf32>{%q}, index, index)")):
        other = parse_mlir(DYN_WORKGROUPS.replace("LOAD", "%d0").replace(old, new)
                           .replace("(%x: tensor<?x4xf32>)", "(%x: tensor<?x4xf32>, %q: index)"), "after.mlir")
        src_m = parse_mlir(DYN_REGION.replace("(%x: tensor<?x4xf32>)", "(%x: tensor<?x4xf32>, %q: index)"), "before.mlir")
        assert not unchanged(src_m.functions["f"], other.functions["f"], align(src_m.functions["f"], other.functions["f"]))
        assert check_modules(src_m, other, NO_CONFIRM).functions[0].verdict is Verdict.INCORRECT


def test_a_workload_ordinal_and_count_region_leave_a_dynamic_workgroups_read_through():
    # IREE's materialize-default-workgroup-count-region: a workload operand, the body's extent
    # read through dispatch.workload.ordinal (its operand, tagged) and a workgroup count region,
    # which no value depends on. A workload operand that may be poison is UB: not read through.
    counted = DYN_WORKGROUPS.replace("LOAD", "%w").replace(
        "flow.dispatch.workgroups(%x, %n, %n)", "flow.dispatch.workgroups[WORKLOAD](%x, %n, %n)").replace(
        "    %v = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [%w, 4], strides = [1, 1] : "
        "!iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%d0}",
        "    %w = iree_tensor_ext.dispatch.workload.ordinal %d0, 0 : index\n"
        "    %v = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [%w, 4], strides = [1, 1] : "
        "!iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%w}").replace(
        "    flow.return\n  }\n", "    flow.return\n  } count(%a: index) -> (index, index, index) {\n"
        "    %cx, %cy, %cz = iree_tensor_ext.dispatch.workgroup_count_from_slice(%a)\n"
        "    flow.return %cx, %cy, %cz : index, index, index\n  }\n")
    assert "count(" in counted and "ordinal" in counted
    src = parse_mlir(DYN_REGION, "before.mlir")
    tgt = parse_mlir(counted.replace("WORKLOAD", "%n"), "after.mlir")
    s, g = src.functions["f"], tgt.functions["f"]
    assert unchanged(s, g, align(s, g))
    assert check_modules(src, tgt, NO_CONFIRM).functions[0].verdict is Verdict.CORRECT
    poison = "(%x: tensor<?x4xf32>, %q: index)"
    other = parse_mlir(counted.replace("WORKLOAD", "%q").replace("(%x: tensor<?x4xf32>)", poison), "after.mlir")
    src_q = parse_mlir(DYN_REGION.replace("(%x: tensor<?x4xf32>)", poison), "before.mlir")
    assert not unchanged(src_q.functions["f"], other.functions["f"], align(src_q.functions["f"], other.functions["f"]))


STATIC_WORKGROUPS = """func.func @f(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = flow.dispatch.workgroups(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32> =
      (%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>>, %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4xf32>>) {
    %v = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>> -> tensor<2x4xf32>
    %m = arith.mulf %v, %v : tensor<2x4xf32>
    iree_tensor_ext.dispatch.tensor.store STORED, %out, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : tensor<2x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4xf32>>
    flow.return
  }
  return %r : tensor<2x4xf32>
}
"""


def test_a_static_dispatch_workgroups_of_the_same_ops_is_unchanged():
    src = parse_mlir("func.func @f(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {\n"
                     "  %m = arith.mulf %x, %x : tensor<2x4xf32>\n  return %m : tensor<2x4xf32>\n}\n", "before.mlir")
    same = parse_mlir(STATIC_WORKGROUPS.replace("STORED", "%m"), "after.mlir")
    fr = check_modules(src, same, NO_CONFIRM).functions[0]
    assert fr.verdict is Verdict.CORRECT and UNCHANGED in fr.notes
    other = parse_mlir(STATIC_WORKGROUPS.replace("STORED", "%v"), "after.mlir")  # stores its input
    s, g = src.functions["f"], other.functions["f"]
    assert not unchanged(s, g, align(s, g))
    assert check_modules(src, other, NO_CONFIRM).functions[0].verdict is Verdict.INCORRECT


# ----------------------------------------------------------------------------- declared extents
TIE_SRC = """  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<?x4xf32>"""


def test_a_tie_shape_declaring_the_extent_its_operand_has_is_an_identity():
    # (an inlined ABI wrapper: the export's extent is the input's, which the result has by
    # the destination-style ops computing it)
    m = pair(TIE_SRC + "\n  return %g : tensor<?x4xf32>",
             TIE_SRC + "\n  %t = flow.tensor.tie_shape %g : tensor<?x4xf32>{%n}\n  return %t : tensor<?x4xf32>",
             sig="%x: tensor<?x4xf32>, %y: tensor<?x4xf32>", res="tensor<?x4xf32>")
    report = check(m)
    assert report.verdict is Verdict.CORRECT and any(n.startswith("unchanged:") for n in report.notes)


def test_a_tie_shape_declaring_another_extent_is_decided_by_the_query():
    m = pair(TIE_SRC + "\n  return %g : tensor<?x4xf32>",
             TIE_SRC + "\n  %k = tensor.dim %y, %c0 : tensor<?x4xf32>\n"
             "  %t = flow.tensor.tie_shape %g : tensor<?x4xf32>{%k}\n  return %t : tensor<?x4xf32>",
             sig="%x: tensor<?x4xf32>, %y: tensor<?x4xf32>", res="tensor<?x4xf32>")
    report = check(m)
    assert report.verdict is Verdict.INCORRECT and not any(n.startswith("unchanged:") for n in report.notes)


# ----------------------------------------------------------------------------- calls
HELPER = """func.func private @helper(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %a = arith.mulf %x, %y : tensor<4xf32>
  %b = math.exp %a : tensor<4xf32>
  return %b : tensor<4xf32>
}
"""
INLINED = """  %a = arith.mulf %x, %y : tensor<4xf32>
  %b = math.exp %a : tensor<4xf32>"""


def test_the_body_of_a_function_called_once_aligns_with_its_inlined_copy():
    m = pair("  %r = func.call @helper(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
             "  %s = arith.addf %r, %x : tensor<4xf32>\n  return %s : tensor<4xf32>",
             INLINED + "\n  %s = arith.addf %b, %x : tensor<4xf32>\n  return %s : tensor<4xf32>", extra=HELPER)
    s, g = m.functions["src"], m.functions["tgt"]
    al = labelled_alignment(s, g, modules=(m, m))
    assert [op.name for op in g.body.ops if id(op) in al.aligned] == ["arith.mulf", "math.exp", "arith.addf"]
    assert check(m).verdict is Verdict.CORRECT
    wrong = pair("  %r = func.call @helper(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
                 "  %s = arith.addf %r, %x : tensor<4xf32>\n  return %s : tensor<4xf32>",
                 INLINED + "\n  %s = arith.addf %b, %b : tensor<4xf32>\n  return %s : tensor<4xf32>", extra=HELPER)
    assert check(wrong).verdict is not Verdict.CORRECT


def test_a_function_called_twice_is_not_walked_into():
    m = pair("  %r = func.call @helper(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
             "  %q = func.call @helper(%y, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
             "  %s = arith.addf %r, %q : tensor<4xf32>\n  return %s : tensor<4xf32>",
             INLINED + "\n  %c = arith.mulf %y, %y : tensor<4xf32>\n  %d = math.exp %c : tensor<4xf32>\n"
             "  %s = arith.addf %b, %d : tensor<4xf32>\n  return %s : tensor<4xf32>", extra=HELPER)
    s, g = m.functions["src"], m.functions["tgt"]
    assert labelled_alignment(s, g, modules=(m, m)).aligned == {}
    assert check(m).verdict is Verdict.CORRECT


def test_a_compute_barrier_declaring_its_operands_extent_is_an_identity():
    m = pair(TIE_SRC + "\n  return %g : tensor<?x4xf32>",
             TIE_SRC + "\n  %b = iree_tensor_ext.compute_barrier.end %g : tensor<?x4xf32>{%n} -> tensor<?x4xf32>"
             "\n  return %b : tensor<?x4xf32>",
             sig="%x: tensor<?x4xf32>, %y: tensor<?x4xf32>", res="tensor<?x4xf32>")
    report = check(m)
    assert report.verdict is Verdict.CORRECT and any(n.startswith("unchanged:") for n in report.notes)

