"""The abstract float model is sound: IEEE-754 arithmetic is one interpretation of it.

Every identity and constant fold of ``AbstractTheory`` is checked against z3's IEEE semantics
for all inputs (f16, so that the solver can decide it): the abstract term, with each
uninterpreted function replaced by what IEEE computes (``fp.add`` by ``fpAdd``,
``fp.mul_magnitude`` by the magnitude of ``fpMul``, ...), must equal the IEEE result or both
must be NaN. A rule that IEEE does not guarantee (``x + 0.0 = x``, ``x * 0 = 0``) fails here.
"""

from __future__ import annotations

import pytest

z3 = pytest.importorskip("z3")

from irverify.ir.core import FloatType  # noqa: E402
from irverify.smt.floats import AbstractTheory, IEEETheory, float_bits  # noqa: E402

FT = FloatType("f16")
ABSTRACT, IEEE = AbstractTheory(), IEEETheory()
SORT = z3.FPSort(5, 11)
RNE = z3.RNE()

CONSTANTS = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, 4.0, 0.25, 3.0, 65504.0, 2.0 ** -14, 2.0 ** -24,
             float("inf"), float("-inf"), float("nan")]
OPS = ["add", "sub", "mul", "div"]


def _quick(op: str, c: float) -> bool:
    """Cases the rules decide without uninterpreted arithmetic (fast); the rest are slow tests."""
    return c in (0.0, float("inf")) or (op in ("mul", "div") and c in (1.0, -1.0))


SYMBOLIC = [pytest.param(op, c, id=f"{op}-{c!r}", marks=() if _quick(op, c) else pytest.mark.slow)
            for op in OPS for c in CONSTANTS]


def _fp(bits):
    return z3.fpBVToFP(bits, SORT)


def _bits(x):
    return z3.fpToIEEEBV(x)


def _ieee_fun(name: str):
    """What IEEE computes for the uninterpreted function ``name`` (None: unconstrained)."""
    v0, v1 = z3.Var(0, z3.BitVecSort(16)), z3.Var(1, z3.BitVecSort(16))
    mask = z3.BitVecVal(0x7FFF, 16)
    table = {
        "fp.add.f16": _bits(z3.fpAdd(RNE, _fp(v0), _fp(v1))),
        "fp.mul_magnitude.f16": _bits(z3.fpMul(RNE, _fp(v0), _fp(v1))) & mask,
        "fp.div_magnitude.f16": _bits(z3.fpDiv(RNE, _fp(v0), _fp(v1))) & mask,
        "fp.rem_magnitude.f16": _bits(z3.fpRem(_fp(v0), _fp(v1))),  # checked where it matters below
        "fp.sqrt.f16": _bits(z3.fpSqrt(RNE, _fp(v0))),
    }
    return table.get(name)


def _interpret(term):
    """``term`` with every IEEE-defined uninterpreted function replaced by its IEEE meaning."""
    seen, todo, funs = set(), [term], {}
    while todo:
        x = todo.pop()
        if x.get_id() in seen or not z3.is_app(x):
            continue
        seen.add(x.get_id())
        d = x.decl()
        if d.kind() == z3.Z3_OP_UNINTERPRETED and x.num_args() > 0 and _ieee_fun(d.name()) is not None:
            funs[d.name()] = (d, _ieee_fun(d.name()))
        todo.extend(x.children())
    return z3.substitute_funs(term, *funs.values()) if funs else term


def _agree(abstract_term, ieee_term):
    """Valid: equal bits, or both NaN (an unknown NaN is always a NaN)."""
    a = _interpret(abstract_term)
    s = z3.Solver()
    s.set("timeout", 300000)  # a safety net only: these queries take seconds
    s.add(z3.Not(z3.Or(a == ieee_term, z3.And(ABSTRACT.is_nan(a, FT), IEEE.is_nan(ieee_term, FT)))))
    return s.check()


def _const(v):
    return z3.BitVecVal(float_bits(v, FT), 16)


@pytest.mark.parametrize("op, c", SYMBOLIC)
def test_rules_with_a_constant_operand_are_ieee(op, c):
    x = z3.BitVec("x", 16)
    for a, b in ((x, _const(c)), (_const(c), x)):
        assert _agree(ABSTRACT.binary(op, a, b, FT), IEEE.binary(op, a, b, FT)) == z3.unsat, (op, c)


@pytest.mark.parametrize("op", ["add", "sub", "mul", "div"])
def test_rules_for_related_operands_are_ieee(op):
    x = z3.BitVec("x", 16)
    for a, b in ((x, x), (x, ABSTRACT.neg(x, FT)), (ABSTRACT.neg(x, FT), x)):
        assert _agree(ABSTRACT.binary(op, a, b, FT), IEEE.binary(op, a, b, FT)) == z3.unsat, op


@pytest.mark.parametrize("op", ["add", "sub", "mul", "div"])
def test_unrelated_operands_propagate_nan_only(op):
    """Two unrelated operands: a NaN operand gives a NaN (IEEE §6.2); nothing else is claimed."""
    x, y = z3.BitVec("x", 16), z3.BitVec("y", 16)
    r = ABSTRACT.binary(op, x, y, FT)
    s = z3.Solver()
    s.add(z3.Or(ABSTRACT.is_nan(x, FT), ABSTRACT.is_nan(y, FT)), z3.Not(ABSTRACT.is_nan(r, FT)))
    assert s.check() == z3.unsat
    s = z3.Solver()  # otherwise the result is free (uninterpreted)
    s.add(z3.Not(ABSTRACT.is_nan(x, FT)), z3.Not(ABSTRACT.is_nan(y, FT)), r != _const(1.0))
    assert s.check() == z3.sat


def test_rem_rules_are_fmod():
    """fmod's NaN cases, fmod(x, ±inf) = x and fmod(±0, y) = ±0 (the special operands the rules
    are about; the magnitude of other results is checked at constants, where the model folds)."""
    x = z3.BitVec("x", 16)
    for c in (0.0, -0.0, float("inf"), float("-inf"), float("nan")):
        for a, b in ((x, _const(c)), (_const(c), x)):
            r = ABSTRACT.binary("rem", a, b, FT)
            exact = IEEE.binary("rem", a, b, FT)
            s = z3.Solver()
            s.set("timeout", 60000)
            determined = z3.Or(ABSTRACT.is_nan(exact, FT), ABSTRACT.is_inf(b, FT), ABSTRACT.is_zero(a, FT))
            sign_differs = z3.Extract(15, 15, r) != z3.Extract(15, 15, exact)
            wrong = z3.Or(z3.And(determined, z3.Not(z3.Or(r == exact, z3.And(ABSTRACT.is_nan(r, FT),
                                                                                ABSTRACT.is_nan(exact, FT))))),
                          z3.And(z3.Not(ABSTRACT.is_nan(exact, FT)), sign_differs))
            s.add(wrong)
            assert s.check() == z3.unsat, c


@pytest.mark.parametrize("a", CONSTANTS, ids=[repr(c) for c in CONSTANTS])
def test_constant_folds_are_ieee(a):
    for b in CONSTANTS:
        for op in ("add", "sub", "mul", "div", "rem"):
            r = ABSTRACT.binary(op, _const(a), _const(b), FT)
            assert _agree(r, IEEE.binary(op, _const(a), _const(b), FT)) == z3.unsat, (op, a, b)


def test_conversions_and_sqrt_are_ieee():
    x = z3.BitVec("x", 16)
    f32, bf16 = FloatType("f32"), FloatType("bf16")
    for src, dst in ((FT, f32), (f32, FT), (bf16, f32), (f32, bf16), (FT, bf16), (bf16, FT)):
        v = z3.BitVec("v", src.width)
        a, e = ABSTRACT.convert(v, src, dst), IEEE.convert(v, src, dst)
        s = z3.Solver()
        s.add(z3.Not(z3.Or(a == e, z3.And(ABSTRACT.is_nan(a, dst), ABSTRACT.is_nan(e, dst)))))
        assert s.check() == z3.unsat, (src, dst)
    assert _agree(ABSTRACT.unary("sqrt", x, FT), IEEE.unary("sqrt", x, FT)) == z3.unsat


def test_non_identities_are_not_claimed():
    """x + 0.0 is not x (x = -0.0) and x * 0.0 is not 0.0: the model does not prove them."""
    x = z3.BitVec("x", 16)
    for op, c in (("add", 0.0), ("mul", 0.0), ("sub", -0.0)):
        s = z3.Solver()
        s.add(ABSTRACT.binary(op, x, _const(c), FT) != (x if op != "mul" else _const(0.0)))
        assert s.check() == z3.sat, (op, c)
