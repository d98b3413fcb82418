"""Exact float terms under a binder (an elementwise tensor is a lambda over its indices).

z3 encodes the results IEEE leaves unspecified (``fp.to_ieee_bv`` of a NaN, ``fp.to_sbv`` out of
range) as fresh functions with side conditions asserted at the top level; under a lambda those
side conditions mention the bound index and z3 answers ``unknown`` ("Formulas should not contain
unbound variables"). Found on ToMixedPrecision outputs: a f32->f16 ``astype`` feeding a matmul
whose reduction is a lambda. No query here may be rejected that way.
"""

from __future__ import annotations

import pytest

z3 = pytest.importorskip("z3")

from irverify.ir.core import FloatType  # noqa: E402
from irverify.smt import solver  # noqa: E402
from irverify.smt.floats import AbstractTheory, IEEETheory  # noqa: E402

F32, F16 = FloatType("f32"), FloatType("f16")


def _accepted(fp, body_of):
    """``R(lambda k. body(a[k])) != R(lambda k. body(b[k]))`` (one uninterpreted ``R``) reaches
    the solver's float encoding under the binder; z3 must not reject it. (Deciding it takes
    longer than a unit test may: a short budget ends it.)"""
    a = z3.Array("a", z3.IntSort(), z3.BitVecSort(32))
    b = z3.Array("b", z3.IntSort(), z3.BitVecSort(32))
    k = z3.Int("k")
    la, lb = z3.Lambda([k], body_of(fp, a[k])), z3.Lambda([k], body_of(fp, b[k]))
    r = z3.Function("R", la.sort(), z3.BitVecSort(8))
    res = solver.check("binder", [r(la) != r(lb)], 2.0)
    assert "unbound" not in res.reason, res.reason
    # The lambda selects what its body says.
    assert solver.check("select", [la[3] != body_of(fp, a[3])], 10.0).status == "unsat"


@pytest.mark.parametrize("fp", [AbstractTheory(), IEEETheory()], ids=["abstract", "ieee"])
def test_narrowing_convert_under_lambda(fp):
    _accepted(fp, lambda fp, x: fp.convert(x, F32, F16))


def test_ieee_arith_under_lambda():
    _accepted(IEEETheory(), lambda fp, x: fp.binary("mul", x, x, F32))


@pytest.mark.parametrize("signed", [True, False])
def test_ieee_to_int_under_lambda(signed):
    _accepted(IEEETheory(), lambda fp, x: fp.to_int(x, F32, 32, signed))


@pytest.mark.parametrize("signed", [True, False])
def test_ieee_to_int_out_of_range_is_unknown(signed):
    """A NaN, an infinity or a value whose truncation does not fit gives an unknown integer (two
    such inputs may convert to different values); a value that fits truncates toward zero."""
    fp, srt = IEEETheory(), z3.FPSort(8, 24)
    bits = lambda v: z3.fpToIEEEBV(z3.FPVal(v, srt))  # noqa: E731
    for v in (float("nan"), float("inf"), 2.0 ** 32, -(2.0 ** 31) - 256.0 if signed else -1.0):
        c = z3.BitVecVal(7, 32)
        assert solver.check("oor", [fp.to_int(z3.simplify(bits(v)), F32, 32, signed) != c], 10.0).status == "sat"
    x = fp.to_int(z3.simplify(bits(-3.75 if signed else 3.75)), F32, 32, signed)
    want = -3 if signed else 3
    assert solver.check("fits", [x != z3.BitVecVal(want, 32)], 10.0).status == "unsat"
