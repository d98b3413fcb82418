"""Ops a rewrite left unchanged (``verify.align``): a target op that is the same op on the same
values as a source op takes the source's value, and a target made only of such ops is
`correct` without a query. What must never align: ops with effects, ops naming other symbols
(their definitions may differ), constants that differ anywhere (also past numpy's elision)."""

from __future__ import annotations

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.align import align, unchanged
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
    values = list(range(2000))
    other = values.copy()
    other[1000] = -1

    def const(vals):
        return (f"  %c = arith.constant dense<[{', '.join(map(str, vals))}]> : tensor<2000xi32>\n"
                "  %r = arith.addi %c, %x : tensor<2000xi32>\n  return %r : tensor<2000xi32>")

    m = pair(const(values), const(other), "%x: tensor<2000xi32>", "tensor<2000xi32>")
    assert align(m.functions["src"], m.functions["tgt"]) == {}
    assert check(m).verdict is Verdict.INCORRECT
    same = pair(const(values), const(values), "%x: tensor<2000xi32>", "tensor<2000xi32>")
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
