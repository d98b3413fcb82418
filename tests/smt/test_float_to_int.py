"""``fptosi``/``fptoui`` are poison exactly where LLVM says (ArithOps.td defers to LangRef):
where the float rounded toward zero does not fit in the integer type, NaN and infinities
included. The poison condition of the bit-pattern theories (``abstract`` and ``ieee`` share it)
is proved equal, for every input, to that definition written with z3's IEEE operations (the
values where it does not hold are compared with IREE in ``tests/conformance``)."""

from __future__ import annotations

import pytest

z3 = pytest.importorskip("z3")

from irverify.ir.core import FloatType  # noqa: E402
from irverify.ir.float_bits import FORMATS  # noqa: E402
from irverify.smt.floats import AbstractTheory, IEEETheory, int_range  # noqa: E402

FORMATS_AND_WIDTHS = [(f, w, s) for f in ("f16", "bf16", "f32") for w in (8, 32, 64)
                      for s in (True, False)]


WIDE = z3.FPSort(15, 113)  # holds every f16/bf16/f32 value and every 64-bit integer exactly


def _spec_poison(x_fp, width: int, signed: bool):
    """LangRef: NaN, an infinity, or a truncated value outside the range of ``iN`` (compared
    in a format wide enough for both to be exact)."""
    lo, hi = int_range(width, signed)
    v = z3.fpToFP(z3.RNE(), z3.fpRoundToIntegral(z3.RTZ(), x_fp), WIDE)
    return z3.Or(z3.fpIsNaN(x_fp), z3.fpIsInf(x_fp), z3.fpLT(v, z3.FPVal(lo, WIDE)), z3.fpGT(v, z3.FPVal(hi, WIDE)))


def _prove(claim) -> None:
    s = z3.Solver()
    s.set("timeout", 60_000)
    s.add(z3.Not(claim))
    assert s.check() == z3.unsat, s.model() if s.check() == z3.sat else "undecided"


@pytest.mark.parametrize("name,width,signed", FORMATS_AND_WIDTHS,
                         ids=[f"{f}-{'si' if s else 'ui'}{w}" for f, w, s in FORMATS_AND_WIDTHS])
def test_poison_condition_is_langref(name, width, signed):
    ft = FloatType(name)
    e, m = FORMATS[name]
    a = z3.BitVec("a", ft.width)
    x = z3.fpBVToFP(a, z3.FPSort(e, m))
    spec = _spec_poison(x, width, signed)
    for theory in (AbstractTheory(), IEEETheory()):
        _prove(theory.to_int_poison(a, ft, width, signed) == spec)


def test_constant_conditions_fold():
    """A constant operand gives a literal condition (so a folded constant is poison or not)."""
    ft, ieee = FloatType("f32"), IEEETheory()
    nan = z3.BitVecVal(0x7FC00000, 32)
    big = ieee.const(2.0 ** 31, ft)
    top = ieee.const(2147483520.0, ft)
    minus_half = ieee.const(-0.5, ft)
    assert z3.is_true(ieee.to_int_poison(nan, ft, 32, True))
    assert z3.is_true(ieee.to_int_poison(big, ft, 32, True))
    assert z3.is_false(ieee.to_int_poison(top, ft, 32, True))
    assert z3.is_false(ieee.to_int_poison(minus_half, ft, 8, False))
    assert z3.is_true(ieee.to_int_poison(ieee.const(-1.0, ft), ft, 8, False))
