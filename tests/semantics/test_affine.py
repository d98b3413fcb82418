"""Refinement verdicts for ``affine.apply``/``affine.min``/``affine.max`` rewrites, and the
reusable ``eval_affine`` evaluator."""

from __future__ import annotations

import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.ir.affine import BinExpr, Const, Dim, Sym
from irverify.semantics.affine import eval_affine
from irverify.smt import terms as t
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict

C, I = Verdict.CORRECT, Verdict.INCORRECT


def verdict(sig: str, src: str, tgt: str) -> Verdict:
    text = (f"func.func @src({sig}) -> index {{\n{src}\n  return %r : index\n}}\n"
            f"func.func @tgt({sig}) -> index {{\n{tgt}\n  return %r : index\n}}\n")
    return check_modules(parse_mlir(text, "pair.mlir"), None, Options(confirm=False, timeout_s=30)).verdict


def apply(m: str, operands: str, name: str = "%r") -> str:
    return f"  {name} = affine.apply affine_map<{m}>{operands}"


def test_floordiv_of_linearised_index_with_bounded_inner_dim():
    """``(d0 * 4 + d1) floordiv 4 == d0`` given ``0 <= d1 < 4`` (d1 from ``remui`` or ``mod``)."""
    pre = ("  %c4 = arith.constant 4 : index\n  %ya = affine.max affine_map<(d0) -> (d0, 0)>(%y)\n"
           "  %d1 = arith.remui %ya, %c4 : index")
    src = pre + "\n" + apply("(d0, d1) -> ((d0 * 4 + d1) floordiv 4)", "(%x, %d1)")
    same_x = "  %c0 = arith.constant 0 : index\n  %r = arith.addi %x, %c0 : index"
    assert verdict("%x: index, %y: index", src, same_x) == C
    src_mod = apply("(d0, d1) -> ((d0 * 4 + d1 mod 4) floordiv 4)", "(%x, %y)")
    assert verdict("%x: index, %y: index", src_mod, "  %c0 = arith.constant 0 : index\n  %r = arith.addi %x, %c0 : index") == C
    # Without the bound on d1 the identity is false.
    src_free = apply("(d0, d1) -> ((d0 * 4 + d1) floordiv 4)", "(%x, %y)")
    assert verdict("%x: index, %y: index", src_free, "  %c0 = arith.constant 0 : index\n  %r = arith.addi %x, %c0 : index") == I


def test_bounded_by_affine_min():
    """``d1 = min(max(y, 0), 3)`` is in [0, 4), so ``(d0 * 4 + d1) mod 4 == d1``."""
    pre = ("  %ya = affine.max affine_map<(d0) -> (d0, 0)>(%y)\n"
           "  %d1 = affine.min affine_map<(d0) -> (d0, 3)>(%ya)")
    src = pre + "\n" + apply("(d0, d1) -> ((d0 * 4 + d1) mod 4)", "(%x, %d1)")
    tgt = pre + "\n  %z = arith.constant 0 : index\n  %r = arith.addi %d1, %z : index"
    assert verdict("%x: index, %y: index", src, tgt) == C
    src_bad = pre.replace("(d0, 3)", "(d0, 4)") + "\n" + apply("(d0, d1) -> ((d0 * 4 + d1) mod 4)", "(%x, %d1)")
    tgt_bad = tgt.replace("(d0, 3)", "(d0, 4)")
    assert verdict("%x: index, %y: index", src_bad, tgt_bad) == I


SIMPLE = [
    ("add-commutes", "(d0, d1) -> (d0 + d1)", "(d0, d1) -> (d1 + d0)", C),
    ("sub-is-not-commutative", "(d0, d1) -> (d0 - d1)", "(d0, d1) -> (d1 - d0)", I),
    ("floordiv-negative-rounds-down", "(d0, d1) -> ((d0 - d1) floordiv 2)", "(d0, d1) -> ((d0 - d1 + 1) floordiv 2 - 0)", I),
    # d0 + 3 wraps for d0 > 2^63 - 4 (index is 64-bit), so this classic rewrite is not exact
    ("ceildiv-via-floordiv-overflows", "(d0, d1) -> (d0 ceildiv 4)", "(d0, d1) -> ((d0 + 3) floordiv 4)", I),
    ("mod-via-floordiv", "(d0, d1) -> (d0 mod 8)", "(d0, d1) -> (d0 - (d0 floordiv 8) * 8)", C),
    ("mod-is-not-remsi", "(d0, d1) -> (d0 mod 8)", "(d0, d1) -> (d0 - (d0 ceildiv 8) * 8)", I),
    ("nested-floordiv", "(d0, d1) -> ((d0 floordiv 2) floordiv 3)", "(d0, d1) -> (d0 floordiv 6)", C),
    ("nested-ceildiv-is-not-product", "(d0, d1) -> ((d0 floordiv 2) ceildiv 3)", "(d0, d1) -> (d0 ceildiv 6)", I),
]


@pytest.mark.parametrize("name, m1, m2, expected", SIMPLE, ids=[s[0] for s in SIMPLE])
def test_affine_apply_identities(name, m1, m2, expected):
    assert verdict("%x: index, %y: index", apply(m1, "(%x, %y)"), apply(m2, "(%x, %y)")) == expected


def test_affine_min_max():
    sig = "%x: index, %y: index"
    assert verdict(sig, "  %r = affine.min affine_map<(d0, d1) -> (d0, d1)>(%x, %y)",
                   "  %r = affine.min affine_map<(d0, d1) -> (d1, d0, d0 * 2 + 1 - d0)>(%x, %y)") == I
    assert verdict(sig, "  %r = affine.min affine_map<(d0, d1) -> (d0, d1)>(%x, %y)",
                   "  %r = affine.min affine_map<(d0, d1) -> (d1, d0, d0)>(%x, %y)") == C
    assert verdict(sig, "  %r = affine.max affine_map<(d0, d1) -> (d0, d1)>(%x, %y)",
                   "  %r = affine.min affine_map<(d0, d1) -> (d1, d0)>(%x, %y)") == I
    assert verdict(sig, "  %r = affine.max affine_map<(d0, d1) -> (d0, d1)>(%x, %y)",
                   "  %r = arith.maxsi %x, %y : index") == C
    assert verdict(sig, "  %r = affine.min affine_map<(d0)[s0] -> (d0, s0 - 1)>(%x)[%y]",
                   "  %c1 = arith.constant 1 : index\n  %s = arith.subi %y, %c1 : index\n"
                   "  %r = arith.minsi %x, %s : index") == C


def test_symbols_and_division_by_symbol():
    sig = "%x: index, %y: index"
    # floordiv by a symbol: UB when the symbol is not positive, so the source's UB admits any
    # target there; where it is defined, floordiv + mod reconstructs d0.
    src = apply("(d0)[s0] -> ((d0 floordiv s0) * s0 + d0 mod s0)", "(%x)[%y]")
    assert verdict(sig, src, "  %c0 = arith.constant 0 : index\n  %r = arith.addi %x, %c0 : index") == C
    # The target divides by a symbol that may be zero: it adds UB.
    assert verdict(sig, "  %c0 = arith.constant 0 : index\n  %r = arith.addi %x, %c0 : index", src) == I
    assert verdict(sig, apply("(d0)[s0] -> (d0 * s0)", "(%x)[%y]"), apply("(d0)[s0] -> (s0 * d0)", "(%x)[%y]")) == C


def test_eval_affine_is_reusable():
    """The evaluator takes dims and symbols as index terms; without a ctx no UB is recorded."""
    e = BinExpr("add", BinExpr("mul", Dim(0), Const(4)), BinExpr("floordiv", Sym(0), Const(3)))
    assert t.static_int(eval_affine(e, [t.int_val(5)], [t.int_val(-7)])) == 5 * 4 + (-7 // 3)
    m = BinExpr("mod", Dim(0), Sym(0))
    assert t.static_int(eval_affine(m, [t.int_val(-7)], [t.int_val(3)])) == 2
    c = BinExpr("ceildiv", Dim(0), Const(4))
    assert t.static_int(eval_affine(c, [t.int_val(-7)], [])) == -1
