"""Float arithmetic that flushes subnormals to zero: the ``--subnormals=flush`` reading.

MLIR's ``arith`` ops are IEEE 754 operations, with gradual underflow (subnormal operands and
results are values like any other); that is the default reading (``keep``). Compiled CPU code
may run with the flush-to-zero and denormals-are-zero modes on (x86 MXCSR FTZ/DAZ, as IREE's
llvm-cpu executions of irverify's counterexamples show): every subnormal operand of a float
*arithmetic* instruction is read as a zero of its sign, and every subnormal result is written as
a zero of its sign. Operations on the sign bit alone (``negf``, ``absf``, ``copysign``), moves
and selects do not flush.

``Flushing(theory)`` is that reading over a bit-pattern theory (``abstract`` or ``ieee``):
arithmetic (``binary``, ``unary`` but for sign-bit operations, conversions, comparisons, the
maximum/minimum family and reductions, whose elements are flushed one by one) flushes its
operands and results; everything else is the wrapped theory's. Under ``--fp=real`` there are no
subnormals and nothing changes.
"""

from __future__ import annotations

import z3

from irverify.ir.core import FloatType

SIGN_ONLY = frozenset({"neg", "abs"})  # unary operations on the sign bit: exact, never flushed


class Flushing:
    """A bit-pattern float theory under flush-to-zero/denormals-are-zero (module docstring)."""

    flushes_subnormals = True

    def __init__(self, base):
        self.base = base

    def __getattr__(self, name):
        return getattr(self.base, name)

    def flush(self, a, ft: FloatType):
        """``a``, or a zero of its sign when it is subnormal."""
        b = self.base
        bits = b.to_bits(a, ft)
        sign_only = bits & z3.BitVecVal(1 << (ft.width - 1), ft.width)
        return b.from_bits(z3.If(b.is_subnormal(a, ft), sign_only, bits), ft)

    def binary(self, op: str, a, b, ft: FloatType):
        return self.flush(self.base.binary(op, self.flush(a, ft), self.flush(b, ft), ft), ft)

    def unary(self, op: str, a, ft: FloatType):
        if op in SIGN_ONLY:
            return self.base.unary(op, a, ft)
        return self.flush(self.base.unary(op, self.flush(a, ft), ft), ft)

    def cmp(self, pred: str, a, b, ft: FloatType):
        return self.base.cmp(pred, self.flush(a, ft), self.flush(b, ft), ft)

    def maximum(self, a, b, ft: FloatType, propagate_nan: bool = True):
        return self.flush(self.base.maximum(self.flush(a, ft), self.flush(b, ft), ft, propagate_nan), ft)

    def minimum(self, a, b, ft: FloatType, propagate_nan: bool = True):
        return self.flush(self.base.minimum(self.flush(a, ft), self.flush(b, ft), ft, propagate_nan), ft)

    def convert(self, a, src: FloatType, dst: FloatType):
        return self.flush(self.base.convert(self.flush(a, src), src, dst), dst)

    def to_int(self, a, ft: FloatType, width: int, signed: bool):
        return self.base.to_int(self.flush(a, ft), ft, width, signed)

    def to_int_poison(self, a, ft: FloatType, width: int, signed: bool):
        return self.base.to_int_poison(self.flush(a, ft), ft, width, signed)

    def reduce(self, op: str, init, elems, n, ft: FloatType):
        i = z3.FreshInt("flush_i")
        flushed = z3.Lambda([i], self.flush(z3.Select(elems, i), ft))
        return self.flush(self.base.reduce(op, self.flush(init, ft), flushed, n, ft), ft)


def flushing(theory):
    """``theory`` under the ``flush`` reading (a bit-pattern theory; ``real`` is returned as it is)."""
    if getattr(theory, "flushes_subnormals", False) or not hasattr(theory, "is_subnormal") \
            or theory.name == "real":
        return theory
    return Flushing(theory)
