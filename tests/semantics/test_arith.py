"""Refinement verdicts for hand-written ``arith`` rewrites (correct and incorrect pairs per op
family), checked without confirmation; a few integer counterexamples are confirmed on IREE."""

from __future__ import annotations

import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict

C, I, U = Verdict.CORRECT, Verdict.INCORRECT, Verdict.UNKNOWN


def pair(sig: str, ret: str, src: str, tgt: str) -> str:
    return (f"func.func @src({sig}) -> {ret} {{\n{src}\n}}\n"
            f"func.func @tgt({sig}) -> {ret} {{\n{tgt}\n}}\n")


def check(text: str, fp: str = "abstract", confirm: bool = False, escalate: bool = False):
    """One pair under the float model ``fp`` alone (``escalate``: as the CLI does by default)."""
    report = check_modules(parse_mlir(text, "pair.mlir"), None,
                           Options(fp=fp, confirm=confirm, timeout_s=30, escalate=escalate))
    return report.functions[0]


def verdict(text: str, fp: str = "abstract") -> Verdict:
    return check(text, fp).verdict


def ret(v: str, ty: str) -> str:
    return f"  return {v} : {ty}"


# ----------------------------------------------------------------------------- integers

INT_PAIRS = [
    # (id, signature, result type, source body, target body, expected)
    ("addi-commutes", "%a: i32, %b: i32", "i32",
     "  %r = arith.addi %a, %b : i32\n" + ret("%r", "i32"),
     "  %r = arith.addi %b, %a : i32\n" + ret("%r", "i32"), C),
    ("subi-is-not-commutative", "%a: i32, %b: i32", "i32",
     "  %r = arith.subi %a, %b : i32\n" + ret("%r", "i32"),
     "  %r = arith.subi %b, %a : i32\n" + ret("%r", "i32"), I),
    ("muli-by-2-is-shl-1", "%a: i8", "i8",
     "  %c = arith.constant 2 : i8\n  %r = arith.muli %a, %c : i8\n" + ret("%r", "i8"),
     "  %c = arith.constant 1 : i8\n  %r = arith.shli %a, %c : i8\n" + ret("%r", "i8"), C),
    ("add-nsw-to-plain", "%a: i8, %b: i8", "i8",  # poison source refined by a value: not provable
     "  %r = arith.addi %a, %b : i8\n" + ret("%r", "i8"),
     "  %r = arith.addi %a, %b overflow<nsw> : i8\n" + ret("%r", "i8"), I),
    ("add-nuw-same-flags", "%a: i8, %b: i8", "i8",
     "  %r = arith.addi %a, %b overflow<nuw> : i8\n" + ret("%r", "i8"),
     "  %r = arith.addi %b, %a overflow<nuw> : i8\n" + ret("%r", "i8"), C),  # poison exactly where the source is
    ("ext-add-no-wrap", "%a: i8, %b: i8", "i16",
     "  %x = arith.extsi %a : i8 to i16\n  %y = arith.extsi %b : i8 to i16\n"
     "  %r = arith.addi %x, %y : i16\n" + ret("%r", "i16"),
     "  %s = arith.addi %a, %b : i8\n  %r = arith.extsi %s : i8 to i16\n" + ret("%r", "i16"), I),
    # index is 64-bit two's complement: a + 1 wraps at 2^63 - 1, so a + 1 > a is not always true
    ("index-add-wraps", "%a: index", "i1",
     "  %c1 = arith.constant 1 : index\n  %s = arith.addi %a, %c1 : index\n"
     "  %r = arith.cmpi sgt, %s, %a : index\n" + ret("%r", "i1"),
     "  %r = arith.constant true\n" + ret("%r", "i1"), I),
    # a + 1 > a is true wherever a +nsw 1 is not poison
    ("index-add-nsw-poison-is-refined-by-true", "%a: index", "i1",
     "  %c1 = arith.constant 1 : index\n  %s = arith.addi %a, %c1 overflow<nsw> : index\n"
     "  %r = arith.cmpi sgt, %s, %a : index\n" + ret("%r", "i1"),
     "  %r = arith.cmpi sgt, %a, %a : index\n  %t = arith.constant true\n"
     "  %u = arith.xori %r, %t : i1\n" + ret("%u", "i1"), C),
    ("divsi-by-1", "%a: i32", "i32",
     "  %c = arith.constant 1 : i32\n  %r = arith.divsi %a, %c : i32\n" + ret("%r", "i32"),
     "  " + ret("%a", "i32").strip(), C),
    ("divsi-vs-divui", "%a: i32", "i32",
     "  %c = arith.constant 4 : i32\n  %r = arith.divsi %a, %c : i32\n" + ret("%r", "i32"),
     "  %c = arith.constant 4 : i32\n  %r = arith.divui %a, %c : i32\n" + ret("%r", "i32"), I),
    ("divui-by-4-is-shrui-2", "%a: i32", "i32",
     "  %c = arith.constant 4 : i32\n  %r = arith.divui %a, %c : i32\n" + ret("%r", "i32"),
     "  %c = arith.constant 2 : i32\n  %r = arith.shrui %a, %c : i32\n" + ret("%r", "i32"), C),
    ("divsi-by-4-is-not-shrsi-2", "%a: i32", "i32",
     "  %c = arith.constant 4 : i32\n  %r = arith.divsi %a, %c : i32\n" + ret("%r", "i32"),
     "  %c = arith.constant 2 : i32\n  %r = arith.shrsi %a, %c : i32\n" + ret("%r", "i32"), I),
    ("floordivsi-by-4-is-shrsi-2", "%a: i32", "i32",
     "  %c = arith.constant 4 : i32\n  %r = arith.floordivsi %a, %c : i32\n" + ret("%r", "i32"),
     "  %c = arith.constant 2 : i32\n  %r = arith.shrsi %a, %c : i32\n" + ret("%r", "i32"), C),
    ("div-by-zero-source-is-ub", "%a: i32, %b: i32", "i32",  # UB source: any target refines it
     "  %c = arith.constant 0 : i32\n  %r = arith.divsi %a, %c : i32\n" + ret("%r", "i32"),
     "  " + ret("%b", "i32").strip(), C),
    ("div-introduces-ub", "%a: i32, %b: i32", "i32",
     "  %c = arith.constant 0 : i32\n" + ret("%c", "i32"),
     "  %r = arith.divsi %a, %b : i32\n  %z = arith.subi %r, %r : i32\n" + ret("%z", "i32"), I),
    ("divsi-overflow-is-ub", "%a: i8", "i8",  # a / -1 == -a except at INT_MIN, which is UB
     "  %c = arith.constant -1 : i8\n  %r = arith.divsi %a, %c : i8\n" + ret("%r", "i8"),
     "  %z = arith.constant 0 : i8\n  %r = arith.subi %z, %a : i8\n" + ret("%r", "i8"), C),
    ("ceildivsi-vs-floordivsi", "%a: i8, %b: i8", "i8",
     "  %r = arith.ceildivsi %a, %b : i8\n" + ret("%r", "i8"),
     "  %r = arith.floordivsi %a, %b : i8\n" + ret("%r", "i8"), I),
    ("ceildivui-formula", "%a: i8", "i8",  # (a + 3) / 4 is wrong only when a + 3 wraps
     "  %c = arith.constant 4 : i8\n  %r = arith.ceildivui %a, %c : i8\n" + ret("%r", "i8"),
     "  %c3 = arith.constant 3 : i8\n  %c = arith.constant 4 : i8\n  %s = arith.addi %a, %c3 : i8\n"
     "  %r = arith.divui %s, %c : i8\n" + ret("%r", "i8"), I),
    ("remsi-sign-follows-dividend", "%a: i8", "i8",
     "  %c = arith.constant 4 : i8\n  %r = arith.remsi %a, %c : i8\n" + ret("%r", "i8"),
     "  %c = arith.constant 3 : i8\n  %r = arith.andi %a, %c : i8\n" + ret("%r", "i8"), I),
    ("remui-by-4-is-andi-3", "%a: i8", "i8",
     "  %c = arith.constant 4 : i8\n  %r = arith.remui %a, %c : i8\n" + ret("%r", "i8"),
     "  %c = arith.constant 3 : i8\n  %r = arith.andi %a, %c : i8\n" + ret("%r", "i8"), C),
    # Index values of 64-bit origin (index_cast of an i64): unsigned ops see the 64-bit pattern
    # and give back a signed index, so divui by 1 is the identity also for negative values.
    ("divui-index-by-1", "%x: i64", "index",
     "  %a = arith.index_cast %x : i64 to index\n  %c = arith.constant 1 : index\n"
     "  %r = arith.divui %a, %c : index\n" + ret("%r", "index"),
     "  %a = arith.index_cast %x : i64 to index\n" + ret("%a", "index"), C),
    ("divui-dim-is-divsi", "%t: tensor<?xf32>", "index",  # a dim is non-negative
     "  %c0 = arith.constant 0 : index\n  %d = tensor.dim %t, %c0 : tensor<?xf32>\n"
     "  %c = arith.constant 4 : index\n  %r = arith.divui %d, %c : index\n" + ret("%r", "index"),
     "  %c0 = arith.constant 0 : index\n  %d = tensor.dim %t, %c0 : tensor<?xf32>\n"
     "  %c = arith.constant 4 : index\n  %r = arith.divsi %d, %c : index\n" + ret("%r", "index"), C),
    ("minsi-maxsi", "%a: i16, %b: i16", "i16",
     "  %r = arith.minsi %a, %b : i16\n" + ret("%r", "i16"),
     "  %r = arith.minui %a, %b : i16\n" + ret("%r", "i16"), I),
    ("max-via-select", "%a: i16, %b: i16", "i16",
     "  %r = arith.maxui %a, %b : i16\n" + ret("%r", "i16"),
     "  %c = arith.cmpi ugt, %a, %b : i16\n  %r = arith.select %c, %a, %b : i16\n" + ret("%r", "i16"), C),
    ("xor-self-is-zero", "%a: i64", "i64",
     "  %r = arith.xori %a, %a : i64\n" + ret("%r", "i64"),
     "  %r = arith.constant 0 : i64\n" + ret("%r", "i64"), C),
    ("and-or-absorption", "%a: i8, %b: i8", "i8",
     "  %o = arith.ori %a, %b : i8\n  %r = arith.andi %a, %o : i8\n" + ret("%r", "i8"),
     "  " + ret("%a", "i8").strip(), C),
    ("and-is-not-or", "%a: i8, %b: i8", "i8",
     "  %r = arith.andi %a, %b : i8\n" + ret("%r", "i8"),
     "  %r = arith.ori %a, %b : i8\n" + ret("%r", "i8"), I),
    ("shift-by-width-is-poison", "%a: i8", "i8",  # a poison source value: any value refines it
     "  %c = arith.constant 8 : i8\n  %r = arith.shli %a, %c : i8\n" + ret("%r", "i8"),
     "  %r = arith.constant 0 : i8\n" + ret("%r", "i8"), C),
    ("shift-by-width-in-target", "%a: i8", "i8",  # the target is poison where the source is 0
     "  %r = arith.constant 0 : i8\n" + ret("%r", "i8"),
     "  %c = arith.constant 8 : i8\n  %r = arith.shli %a, %c : i8\n" + ret("%r", "i8"), I),
    ("shli-then-shrui", "%a: i8", "i8",
     "  %c = arith.constant 4 : i8\n  %s = arith.shli %a, %c : i8\n  %r = arith.shrui %s, %c : i8\n"
     + ret("%r", "i8"),
     "  %m = arith.constant 15 : i8\n  %r = arith.andi %a, %m : i8\n" + ret("%r", "i8"), C),
    ("shrsi-is-not-shrui", "%a: i8", "i8",
     "  %c = arith.constant 1 : i8\n  %r = arith.shrsi %a, %c : i8\n" + ret("%r", "i8"),
     "  %c = arith.constant 1 : i8\n  %r = arith.shrui %a, %c : i8\n" + ret("%r", "i8"), I),
    ("select-same", "%c: i1, %a: i32", "i32",
     "  %r = arith.select %c, %a, %a : i32\n" + ret("%r", "i32"),
     "  " + ret("%a", "i32").strip(), C),
    ("select-swapped", "%c: i1, %a: i32, %b: i32", "i32",
     "  %r = arith.select %c, %a, %b : i32\n" + ret("%r", "i32"),
     "  %r = arith.select %c, %b, %a : i32\n" + ret("%r", "i32"), I),
    ("select-negated-cond", "%c: i1, %a: i32, %b: i32", "i32",
     "  %r = arith.select %c, %a, %b : i32\n" + ret("%r", "i32"),
     "  %t = arith.constant true\n  %n = arith.xori %c, %t : i1\n  %r = arith.select %n, %b, %a : i32\n"
     + ret("%r", "i32"), C),
    ("select-tensor-scalar-cond", "%c: i1, %a: tensor<?xi32>, %b: tensor<?xi32>", "tensor<?xi32>",
     "  %r = arith.select %c, %a, %b : tensor<?xi32>\n" + ret("%r", "tensor<?xi32>"),
     "  " + ret("%a", "tensor<?xi32>").strip(), I),
    ("index-cast-vs-castui", "%a: i32", "index",
     "  %i = arith.index_cast %a : i32 to index\n" + ret("%i", "index"),
     "  %i = arith.index_castui %a : i32 to index\n" + ret("%i", "index"), I),
    ("index-castui-i64-is-index-cast", "%a: i64", "index",
     "  %i = arith.index_cast %a : i64 to index\n" + ret("%i", "index"),
     "  %i = arith.index_castui %a : i64 to index\n" + ret("%i", "index"), C),
    ("extsi-trunci", "%a: i8", "i8",
     "  %x = arith.extsi %a : i8 to i32\n  %r = arith.trunci %x : i32 to i8\n" + ret("%r", "i8"),
     "  " + ret("%a", "i8").strip(), C),
    ("extsi-vs-extui", "%a: i8", "i32",
     "  %x = arith.extsi %a : i8 to i32\n" + ret("%x", "i32"),
     "  %x = arith.extui %a : i8 to i32\n" + ret("%x", "i32"), I),
    ("trunci-is-lossy", "%a: i32", "i32",
     "  %x = arith.trunci %a : i32 to i8\n  %r = arith.extui %x : i8 to i32\n" + ret("%r", "i32"),
     "  " + ret("%a", "i32").strip(), I),
    ("extui-i1", "%a: i1", "i8",
     "  %x = arith.extui %a : i1 to i8\n" + ret("%x", "i8"),
     "  %o = arith.constant 1 : i8\n  %z = arith.constant 0 : i8\n  %x = arith.select %a, %o, %z : i8\n"
     + ret("%x", "i8"), C),
    # poison flags: the promise holds wherever the result is not poison
    ("trunci-nsw-then-extsi", "%a: i16", "i16",
     "  %x = arith.trunci %a overflow<nsw> : i16 to i8\n  %r = arith.extsi %x : i8 to i16\n" + ret("%r", "i16"),
     "  " + ret("%a", "i16").strip(), C),
    ("trunci-nuw-then-extsi", "%a: i16", "i16",
     "  %x = arith.trunci %a overflow<nuw> : i16 to i8\n  %r = arith.extsi %x : i8 to i16\n" + ret("%r", "i16"),
     "  " + ret("%a", "i16").strip(), I),
    ("shli-nuw-then-shrui", "%a: i8", "i8",
     "  %c = arith.constant 2 : i8\n  %s = arith.shli %a, %c overflow<nuw> : i8\n"
     "  %r = arith.shrui %s, %c : i8\n" + ret("%r", "i8"),
     "  " + ret("%a", "i8").strip(), C),
    ("shli-nsw-then-shrui", "%a: i8", "i8",
     "  %c = arith.constant 2 : i8\n  %s = arith.shli %a, %c overflow<nsw> : i8\n"
     "  %r = arith.shrui %s, %c : i8\n" + ret("%r", "i8"),
     "  " + ret("%a", "i8").strip(), I),
    ("shrsi-exact-then-shli", "%a: i8, %b: i8", "i8",
     "  %s = arith.shrsi %a, %b exact : i8\n  %r = arith.shli %s, %b : i8\n" + ret("%r", "i8"),
     "  " + ret("%a", "i8").strip(), C),
    ("divsi-exact-then-muli", "%a: i8, %b: i8", "i8",
     "  %q = arith.divsi %a, %b exact : i8\n  %r = arith.muli %q, %b : i8\n" + ret("%r", "i8"),
     "  %z = arith.divsi %a, %b : i8\n  " + ret("%a", "i8").strip(), C),
    ("divui-exact-index", "%a: index, %b: index", "index",
     "  %q = arith.divui %a, %b exact : index\n  %r = arith.muli %q, %b : index\n" + ret("%r", "index"),
     "  %z = arith.divui %a, %b : index\n  " + ret("%a", "index").strip(), C),
    ("divsi-inexact-then-muli", "%a: i8, %b: i8", "i8",
     "  %q = arith.divsi %a, %b : i8\n  %r = arith.muli %q, %b : i8\n" + ret("%r", "i8"),
     "  %z = arith.divsi %a, %b : i8\n  " + ret("%a", "i8").strip(), I),
]


@pytest.mark.parametrize("name, sig, rty, src, tgt, expected", INT_PAIRS, ids=[p[0] for p in INT_PAIRS])
def test_integer_pairs(name, sig, rty, src, tgt, expected):
    assert verdict(pair(sig, rty, src, tgt)) == expected


CMPI = [("slt", "sgt", True), ("sle", "sge", True), ("ult", "ugt", True), ("ule", "uge", True),
        ("eq", "eq", True), ("ne", "ne", True), ("slt", "ult", False), ("sge", "uge", False),
        ("sle", "slt", False), ("eq", "ne", False)]


@pytest.mark.parametrize("p, q, same", CMPI)
def test_cmpi_predicates_swapped_operands(p, q, same):
    """``cmpi p, a, b`` equals ``cmpi q, b, a`` exactly for the mirrored predicate."""
    text = pair("%a: i8, %b: i8", "i1", f"  %r = arith.cmpi {p}, %a, %b : i8\n" + ret("%r", "i1"),
                f"  %r = arith.cmpi {q}, %b, %a : i8\n" + ret("%r", "i1"))
    assert verdict(text) == (C if same else I)


@pytest.mark.parametrize("p, neg", [("eq", "ne"), ("slt", "sge"), ("sle", "sgt"), ("ult", "uge"), ("ule", "ugt")])
@pytest.mark.parametrize("ty", ["i8", "index"])
def test_cmpi_negation(p, neg, ty):
    text = pair(f"%a: {ty}, %b: {ty}", "i1", f"  %r = arith.cmpi {p}, %a, %b : {ty}\n" + ret("%r", "i1"),
                f"  %c = arith.cmpi {neg}, %a, %b : {ty}\n  %t = arith.constant true\n"
                f"  %r = arith.xori %c, %t : i1\n" + ret("%r", "i1"))
    assert verdict(text) == C


@pytest.mark.iree
@pytest.mark.parametrize("name", ["subi-is-not-commutative", "divsi-by-4-is-not-shrsi-2", "divsi-vs-divui",
                                  "extsi-vs-extui", "and-is-not-or"])
def test_integer_counterexamples_are_confirmed(name):
    """Scalar functions run on IREE's host VM. (IREE 3.13 computes some unsigned ops on i8
    scalars on the sign-extended 32-bit value, e.g. ``shrui -128, 1`` gives -64, so the i8
    unsigned-division and shrui pairs are confirmed through tensors in the conformance tests
    instead.)"""
    _, sig, rty, src, tgt, expected = next(p for p in INT_PAIRS if p[0] == name)
    assert expected == I
    fr = check(pair(sig, rty, src, tgt), confirm=True)
    assert fr.verdict == I
    assert fr.confirmation is not None and fr.confirmation.confirmed is True, fr.confirmation


# ----------------------------------------------------------------------------- tensors


def test_elementwise_tensor_ops():
    t = "tensor<?x4xi32>"
    same = pair(f"%a: {t}, %b: {t}", t, f"  %r = arith.addi %a, %b : {t}\n" + ret("%r", t),
                f"  %r = arith.addi %b, %a : {t}\n" + ret("%r", t))
    assert verdict(same) == C
    wrong = pair(f"%a: {t}, %b: {t}", t, f"  %r = arith.muli %a, %b : {t}\n" + ret("%r", t),
                 f"  %r = arith.addi %b, %a : {t}\n" + ret("%r", t))
    assert verdict(wrong) == I


def test_division_by_zero_in_some_tensor_element_is_ub():
    t = "tensor<?xi32>"
    text = pair(f"%a: {t}, %b: {t}", t, f"  %r = arith.divui %a, %b : {t}\n" + ret("%r", t),
                f"  %r = arith.divsi %a, %b : {t}\n" + ret("%r", t))
    assert verdict(text) == I  # differs for negative operands
    # a / a is 1 wherever it is defined; a zero element makes the whole source UB.
    one = f"  %c = arith.constant dense<1> : tensor<3xi32>\n" + ret("%c", "tensor<3xi32>")
    text = pair("%a: tensor<3xi32>", "tensor<3xi32>",
                "  %r = arith.divsi %a, %a : tensor<3xi32>\n" + ret("%r", "tensor<3xi32>"), one)
    assert verdict(text) == C
    text = pair("%a: tensor<3xi32>", "tensor<3xi32>", one,
                "  %r = arith.divsi %a, %a : tensor<3xi32>\n" + ret("%r", "tensor<3xi32>"))
    assert verdict(text) == I  # the target adds UB


# ----------------------------------------------------------------------------- floats


FLOAT_PAIRS = [
    ("addf-commutes", "%a: f32, %b: f32", "f32",
     "  %r = arith.addf %a, %b : f32\n" + ret("%r", "f32"),
     "  %r = arith.addf %b, %a : f32\n" + ret("%r", "f32"), "abstract", C),
    ("mulf-commutes-tensor", "%a: tensor<?xf16>, %b: tensor<?xf16>", "tensor<?xf16>",
     "  %r = arith.mulf %a, %b : tensor<?xf16>\n" + ret("%r", "tensor<?xf16>"),
     "  %r = arith.mulf %b, %a : tensor<?xf16>\n" + ret("%r", "tensor<?xf16>"), "abstract", C),
    ("subf-does-not-commute", "%a: f32, %b: f32", "f32",
     "  %r = arith.subf %a, %b : f32\n" + ret("%r", "f32"),
     "  %r = arith.subf %b, %a : f32\n" + ret("%r", "f32"), "ieee", I),
    ("x*2-vs-x+x-abstract", "%a: f32", "f32",  # IEEE: both round 2x; the abstract model knows it
     "  %c = arith.constant 2.0 : f32\n  %r = arith.mulf %a, %c : f32\n" + ret("%r", "f32"),
     "  %r = arith.addf %a, %a : f32\n" + ret("%r", "f32"), "abstract", C),
    ("x*3-vs-x+x+x-abstract", "%a: f32", "f32",  # true in IEEE (x + x is exact), beyond the abstraction
     "  %c = arith.constant 3.0 : f32\n  %r = arith.mulf %a, %c : f32\n" + ret("%r", "f32"),
     "  %d = arith.addf %a, %a : f32\n  %r = arith.addf %d, %a : f32\n" + ret("%r", "f32"), "abstract", U),
    ("x*3-vs-x+x+x-ieee", "%a: f16", "f16",
     "  %c = arith.constant 3.0 : f16\n  %r = arith.mulf %a, %c : f16\n" + ret("%r", "f16"),
     "  %d = arith.addf %a, %a : f16\n  %r = arith.addf %d, %a : f16\n" + ret("%r", "f16"), "ieee", C),
    ("x*2-vs-x+x-ieee", "%a: f32", "f32",
     "  %c = arith.constant 2.0 : f32\n  %r = arith.mulf %a, %c : f32\n" + ret("%r", "f32"),
     "  %r = arith.addf %a, %a : f32\n" + ret("%r", "f32"), "ieee", C),
    ("add-zero-is-not-identity-ieee", "%a: f16", "f16",  # -0 + 0 = +0
     "  %c = arith.constant 0.0 : f16\n  %r = arith.addf %a, %c : f16\n" + ret("%r", "f16"),
     "  " + ret("%a", "f16").strip(), "ieee", I),
    ("add-negzero-is-identity-ieee", "%a: f16", "f16",
     "  %c = arith.constant -0.0 : f16\n  %r = arith.addf %a, %c : f16\n" + ret("%r", "f16"),
     "  " + ret("%a", "f16").strip(), "ieee", C),
    ("negf-twice", "%a: f32", "f32",
     "  %n = arith.negf %a : f32\n  %r = arith.negf %n : f32\n" + ret("%r", "f32"),
     "  " + ret("%a", "f32").strip(), "abstract", C),
    ("negf-is-sub-from-zero?", "%a: f32", "f32",  # 0 - 0 = +0 but negf(0) = -0
     "  %r = arith.negf %a : f32\n" + ret("%r", "f32"),
     "  %z = arith.constant 0.0 : f32\n  %r = arith.subf %z, %a : f32\n" + ret("%r", "f32"), "ieee", I),
    ("maximumf-commutes", "%a: f32, %b: f32", "f32",
     "  %r = arith.maximumf %a, %b : f32\n" + ret("%r", "f32"),
     "  %r = arith.maximumf %b, %a : f32\n" + ret("%r", "f32"), "abstract", C),
    ("maximumf-vs-select-ogt", "%a: f32, %b: f32", "f32",  # differs on NaN and on (+0, -0)
     "  %r = arith.maximumf %a, %b : f32\n" + ret("%r", "f32"),
     "  %c = arith.cmpf ogt, %a, %b : f32\n  %r = arith.select %c, %a, %b : f32\n" + ret("%r", "f32"),
     "abstract", I),
    ("maximumf-vs-minimumf-neg", "%a: f32, %b: f32", "f32",  # max(a, b) = -min(-a, -b)
     "  %r = arith.maximumf %a, %b : f32\n" + ret("%r", "f32"),
     "  %x = arith.negf %a : f32\n  %y = arith.negf %b : f32\n  %m = arith.minimumf %x, %y : f32\n"
     "  %r = arith.negf %m : f32\n" + ret("%r", "f32"), "abstract", C),
    ("bitcast-round-trip", "%a: f32", "f32",
     "  %i = arith.bitcast %a : f32 to i32\n  %r = arith.bitcast %i : i32 to f32\n" + ret("%r", "f32"),
     "  " + ret("%a", "f32").strip(), "abstract", C),
    ("bitcast-negf-is-xor-sign", "%a: f32", "i32",
     "  %n = arith.negf %a : f32\n  %r = arith.bitcast %n : f32 to i32\n" + ret("%r", "i32"),
     "  %i = arith.bitcast %a : f32 to i32\n  %m = arith.constant -2147483648 : i32\n"
     "  %r = arith.xori %i, %m : i32\n" + ret("%r", "i32"), "abstract", C),
    ("sitofp-fptosi-i8-round-trip", "%a: i8", "i8",
     "  %f = arith.sitofp %a : i8 to f32\n  %r = arith.fptosi %f : f32 to i8\n" + ret("%r", "i8"),
     "  " + ret("%a", "i8").strip(), "ieee", C),
    ("sitofp-fptosi-i32-f32-lossy", "%a: i32", "i32",
     "  %f = arith.sitofp %a : i32 to f32\n  %r = arith.fptosi %f : f32 to i32\n" + ret("%r", "i32"),
     "  " + ret("%a", "i32").strip(), "ieee", I),
    ("extf-truncf-round-trip", "%a: f16", "f16",
     "  %x = arith.extf %a : f16 to f32\n  %r = arith.truncf %x : f32 to f16\n" + ret("%r", "f16"),
     "  " + ret("%a", "f16").strip(), "ieee", C),
    ("truncf-extf-lossy", "%a: f32", "f32",
     "  %x = arith.truncf %a : f32 to f16\n  %r = arith.extf %x : f16 to f32\n" + ret("%r", "f32"),
     "  " + ret("%a", "f32").strip(), "ieee", I),
]


@pytest.mark.parametrize("name, sig, rty, src, tgt, fp, expected", FLOAT_PAIRS, ids=[p[0] for p in FLOAT_PAIRS])
def test_float_pairs(name, sig, rty, src, tgt, fp, expected):
    """Without confirmation an abstract-only counterexample stays ``unknown`` (never
    ``incorrect``): the abstraction declared an approximation."""
    assert verdict(pair(sig, rty, src, tgt), fp) == expected


CMPF_SWAP = [("oeq", "oeq"), ("olt", "ogt"), ("ole", "oge"), ("one", "one"), ("ord", "ord"),
             ("ueq", "ueq"), ("ult", "ugt"), ("ule", "uge"), ("une", "une"), ("uno", "uno"),
             ("true", "true"), ("false", "false")]


@pytest.mark.parametrize("p, q", CMPF_SWAP)
def test_cmpf_swapped_operands_exact_under_abstract(p, q):
    text = pair("%a: f32, %b: f32", "i1", f"  %r = arith.cmpf {p}, %a, %b : f32\n" + ret("%r", "i1"),
                f"  %r = arith.cmpf {q}, %b, %a : f32\n" + ret("%r", "i1"))
    assert verdict(text) == C


@pytest.mark.parametrize("p, neg", [("oeq", "une"), ("olt", "uge"), ("ole", "ugt"), ("one", "ueq"),
                                    ("ord", "uno"), ("ogt", "ule")])
def test_cmpf_negation(p, neg):
    text = pair("%a: f64, %b: f64", "i1", f"  %r = arith.cmpf {p}, %a, %b : f64\n" + ret("%r", "i1"),
                f"  %c = arith.cmpf {neg}, %a, %b : f64\n  %t = arith.constant true\n"
                f"  %r = arith.xori %c, %t : i1\n" + ret("%r", "i1"))
    assert verdict(text) == C


@pytest.mark.parametrize("p, q", [("olt", "ult"), ("oeq", "ueq"), ("one", "une")])
def test_cmpf_ordered_vs_unordered_differ_on_nan(p, q):
    text = pair("%a: f32, %b: f32", "i1", f"  %r = arith.cmpf {p}, %a, %b : f32\n" + ret("%r", "i1"),
                f"  %r = arith.cmpf {q}, %a, %b : f32\n" + ret("%r", "i1"))
    assert verdict(text) == I


def test_cmpf_oeq_self_is_not_true_but_ord():
    text = pair("%a: f32", "i1", "  %r = arith.cmpf oeq, %a, %a : f32\n" + ret("%r", "i1"),
                "  %r = arith.cmpf ord, %a, %a : f32\n" + ret("%r", "i1"))
    assert verdict(text) == C
    text = pair("%a: f32", "i1", "  %r = arith.cmpf oeq, %a, %a : f32\n" + ret("%r", "i1"),
                "  %r = arith.constant true\n" + ret("%r", "i1"))
    assert verdict(text) == I


def test_cmpf_with_fastmath_flag_is_encoded():
    text = pair("%a: f32, %b: f32", "i1", "  %r = arith.cmpf olt, %a, %b fastmath<nnan> : f32\n" + ret("%r", "i1"),
                "  %r = arith.cmpf ult, %a, %b fastmath<nnan> : f32\n" + ret("%r", "i1"))
    assert verdict(text) == C  # equal on non-NaN operands; the same poison on NaN operands
    text = pair("%a: f32, %b: f32", "i1", "  %r = arith.cmpf olt, %a, %b : f32\n" + ret("%r", "i1"),
                "  %r = arith.cmpf olt, %a, %b fastmath<nnan> : f32\n" + ret("%r", "i1"))
    assert verdict(text) == I  # the target is poison where the source is defined


def test_unlisted_fastmath_flag_is_unsupported():
    text = pair("%a: f32, %b: f32", "f32", "  %r = arith.addf %a, %b fastmath<reassoc> : f32\n" + ret("%r", "f32"),
                "  %r = arith.addf %a, %b : f32\n" + ret("%r", "f32"))
    assert verdict(text) == Verdict.UNSUPPORTED


def test_non_splat_float_constant_under_real():
    """A dense constant with distinct elements is not read as a splat under ``--fp=real``."""
    t = "tensor<2xf32>"
    text = pair("%a: f32", t, f"  %c = arith.constant dense<[1.0, 2.0]> : {t}\n" + ret("%c", t),
                f"  %c = arith.constant dense<1.0> : {t}\n" + ret("%c", t))
    for fp in ("abstract", "real"):
        assert verdict(text, fp) == I


WIDE_CASTS = [  # (op, source type, result type, input, expected result)
    ("index_cast", "index", "i128", -1, (1 << 128) - 1),
    ("index_castui", "index", "i128", -1, (1 << 64) - 1),
    ("index_castui", "index", "i128", -(1 << 63), 1 << 63),
    ("index_cast", "index", "i128", -(1 << 63), (1 << 128) - (1 << 63)),
    ("index_castui", "index", "i65", 5, 5),
    ("index_cast", "index", "i32", -1, (1 << 32) - 1),
    ("index_castui", "index", "i32", (1 << 40) + 7, 7),
    ("index_cast", "i128", "index", (1 << 127) + (1 << 64) + 3, 3),
    ("index_castui", "i128", "index", (1 << 64) - 1, -1),
    ("index_castui", "i32", "index", (1 << 32) - 1, (1 << 32) - 1),
    ("index_cast", "i32", "index", (1 << 32) - 1, -1),
]


@pytest.mark.parametrize("op,src,dst,x,want", WIDE_CASTS)
def test_index_casts_extend_the_64_bit_pattern(op, src, dst, x, want):
    """``index_cast`` sign-extends, ``index_castui`` zero-extends the 64-bit index; a cast to
    index keeps the low 64 bits (read as a signed index)."""
    from irverify.verify.evaluate import evaluate_function

    text = f"func.func @f(%x: {src}) -> {dst} {{\n  %r = arith.{op} %x : {src} to {dst}\n  return %r : {dst}\n}}"
    (out,) = evaluate_function(parse_mlir(text, "c.mlir"), "f", [x], fp_name="abstract").outputs
    got = int(out.item()) if hasattr(out, "item") else int(out)
    if dst != "index":
        got %= 1 << int(dst[1:])
    assert got == want
