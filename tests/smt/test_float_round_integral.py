"""Rounding to an integral value (``floor``, ``ceil``, ``trunc``, ``round``, ``roundeven``) under
``ieee``, and constant folding of it under ``abstract``, on f32 values where the directions
differ (halfway cases, signed zeros, values just below one half); Python's ``math`` and
``round`` (halfway cases to even) are the reference. TVM and IREE executions are compared in
``tests/conformance``."""

from __future__ import annotations

import math
import struct

import pytest

z3 = pytest.importorskip("z3")

from irverify.ir.core import FloatType  # noqa: E402
from irverify.smt.floats import AbstractTheory, IEEETheory  # noqa: E402

F32 = FloatType("f32")
VALUES = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.49999997, -0.75, 3.7, -3.7, 8388609.0, 0.0, -0.0]


def _bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def _value(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def _away(x: float) -> float:
    return math.copysign(math.floor(abs(x) + 0.5), x)


REFERENCE = {"floor": math.floor, "ceil": math.ceil, "trunc": math.trunc, "round": _away, "roundeven": round}


@pytest.mark.parametrize("theory", [IEEETheory, AbstractTheory])
@pytest.mark.parametrize("op", list(REFERENCE))
def test_rounding_to_integral(theory, op):
    fp = theory()
    for x in VALUES:
        got = z3.simplify(fp.unary(op, z3.BitVecVal(_bits(x), 32), F32))
        assert z3.is_bv_value(got), (op, x, got)
        want = float(REFERENCE[op](x))
        want = math.copysign(want, x) if want == 0 else want  # a result of zero keeps the sign
        assert _bits(_value(got.as_long())) == _bits(want), (op, x, _value(got.as_long()), want)


def test_nan_rounds_to_nan_and_symbolic_abstract_is_uninterpreted():
    ieee = IEEETheory()
    ieee.canonical_nan = True  # no payload observed: the canonical quiet NaN
    nan = z3.simplify(ieee.unary("floor", z3.BitVecVal(0x7FC00001, 32), F32))
    assert z3.is_bv_value(nan) and math.isnan(_value(nan.as_long()))
    x = z3.BitVec("x", 32)
    assert not z3.is_bv_value(z3.simplify(AbstractTheory().unary("floor", x, F32)))
