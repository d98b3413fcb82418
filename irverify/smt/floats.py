"""Float theories: how float values and operations become terms.

* ``abstract`` (default): a float is its IEEE bit pattern (a bit-vector), so constants, bitcasts,
  negation, comparisons, ``maximumf``/``minimumf`` and NaN tests are exact. Arithmetic
  (``addf``, ``mulf``, ``divf``, conversions, ``exp``...) is an uninterpreted function of the
  operand bits, which every real implementation is an instance of: a proof is sound, a
  counterexample may exist only in the abstraction (it must be confirmed by execution).
  ``addf`` and ``mulf`` are commutative (their arguments are put in a canonical order).
* ``ieee``: the same bit patterns with z3's IEEE-754 semantics (round to nearest even).
* ``real``: floats are real numbers; a proof means "equal over the reals, not bitwise".

Two float results refine each other when they are the same bits or both NaN (NaN payloads are
not specified by MLIR, LLVM or TVM).

Small float formats (``f4E2M1FN``, ``f6E2M3FN``, ``f8E4M3FN``, ``f8E8M0FNU``, ... — every
``FloatType`` with ``is_small``) are modelled at the bit level only, in every theory: a value is
its bit pattern, ``from_bits``/``to_bits`` are the identity, refinement is bit equality and
counterexample values are the raw bits (an unsigned integer). Constants, arithmetic, comparisons,
NaN tests and conversions on them raise ``Unsupported`` naming the type.
"""

from __future__ import annotations

import struct

import z3

from irverify.errors import Unsupported
from irverify.ir.core import FloatType
from irverify.ir.float_bits import FORMATS, bits_to_fraction
from irverify.smt import terms as t

Term = z3.ExprRef

_EXP_SIG = FORMATS
COMMUTATIVE = {"add", "mul", "maximum", "minimum", "maxnum", "minnum"}


# Operations that need a float format's meaning (not just its bits).
ARITHMETIC = ("const", "const_bits", "is_nan", "is_zero", "neg", "abs", "cmp", "maximum", "minimum", "binary",
              "unary", "convert", "from_int", "to_int", "reduce")


def _small(ft) -> bool:
    return isinstance(ft, FloatType) and ft.is_small


def bits_only_for_small_floats(cls):
    """Make each ``ARITHMETIC`` method of a theory raise ``Unsupported`` when one of its
    arguments is a small float type."""
    import functools

    def wrap(name, fn):
        @functools.wraps(fn)
        def checked(self, *args, **kwargs):
            for a in (*args, *kwargs.values()):
                if _small(a):
                    raise Unsupported(f"'{name}' on {a} values (only the bits of {a} are modelled)")
            return fn(self, *args, **kwargs)
        return checked

    for name in ARITHMETIC:
        if name in cls.__dict__:
            setattr(cls, name, wrap(name, cls.__dict__[name]))
    return cls


def float_bits(value: float, ft: FloatType) -> int:
    """The IEEE bit pattern of ``value`` rounded to ``ft``."""
    import numpy as np

    if ft.name == "bf16":
        return struct.unpack("<I", struct.pack("<f", value))[0] >> 16
    dtype = {"f16": np.float16, "f32": np.float32, "f64": np.float64}[ft.name]
    itype = {"f16": np.uint16, "f32": np.uint32, "f64": np.uint64}[ft.name]
    return int(np.array(value, dtype=dtype).view(itype))


def bits_to_float(bits: int, ft: FloatType) -> float:
    import numpy as np

    if ft.name == "bf16":
        return struct.unpack("<f", struct.pack("<I", bits << 16))[0]
    dtype = {"f16": np.float16, "f32": np.float32, "f64": np.float64}[ft.name]
    itype = {"f16": np.uint16, "f32": np.uint32, "f64": np.uint64}[ft.name]
    return float(np.array(bits, dtype=itype).view(dtype))


@bits_only_for_small_floats
class BitsTheory:
    """Shared part of the ``abstract`` and ``ieee`` theories: values are IEEE bit patterns."""

    name = "bits"
    approximate = False

    def sort(self, ft: FloatType) -> z3.SortRef:
        return z3.BitVecSort(ft.width)

    def const(self, value: float, ft: FloatType) -> Term:
        return z3.BitVecVal(float_bits(value, ft), ft.width)

    def const_bits(self, bits: int, ft: FloatType) -> Term:
        """The constant with exactly this bit pattern (NaN payloads included)."""
        return z3.BitVecVal(bits, ft.width)

    def from_bits(self, bits: Term, ft: FloatType) -> Term:
        return bits

    def to_bits(self, a: Term, ft: FloatType) -> Term:
        return a

    def _parts(self, a: Term, ft: FloatType):
        e, s = _EXP_SIG[ft.name]
        w = ft.width
        sign = z3.Extract(w - 1, w - 1, a)
        exp = z3.Extract(w - 2, s - 1, a)
        frac = z3.Extract(s - 2, 0, a)
        return sign, exp, frac, e

    def is_nan(self, a: Term, ft: FloatType) -> Term:
        sign, exp, frac, e = self._parts(a, ft)
        return z3.And(exp == z3.BitVecVal((1 << e) - 1, e), frac != 0)

    def is_zero(self, a: Term, ft: FloatType) -> Term:
        return z3.Extract(ft.width - 2, 0, a) == 0

    def neg(self, a: Term, ft: FloatType) -> Term:
        return a ^ z3.BitVecVal(1 << (ft.width - 1), ft.width)

    def abs(self, a: Term, ft: FloatType) -> Term:
        return a & z3.BitVecVal((1 << (ft.width - 1)) - 1, ft.width)

    def _key(self, a: Term, ft: FloatType) -> Term:
        """A signed integer key whose order is the float order (for non-NaN values; -0 < +0)."""
        w = ft.width
        mag = z3.ZeroExt(1, z3.Extract(w - 2, 0, a))
        neg = z3.Extract(w - 1, w - 1, a) == 1
        return z3.If(neg, -mag - 1, mag)

    def _olt_total(self, a: Term, b: Term, ft: FloatType) -> Term:
        return self._key(a, ft) < self._key(b, ft)

    def cmp(self, pred: str, a: Term, b: Term, ft: FloatType) -> Term:
        """``arith.cmpf`` predicates, exact on the bit patterns (``+0 == -0``)."""
        nan = z3.Or(self.is_nan(a, ft), self.is_nan(b, ft))
        both_zero = z3.And(self.is_zero(a, ft), self.is_zero(b, ft))
        eq = z3.Or(a == b, both_zero)
        lt = z3.And(self._olt_total(a, b, ft), z3.Not(both_zero))
        gt = z3.And(self._olt_total(b, a, ft), z3.Not(both_zero))
        ordered = {
            "eq": eq, "ne": z3.Not(eq), "lt": lt, "le": z3.Or(lt, eq), "gt": gt, "ge": z3.Or(gt, eq),
        }
        if pred == "false":
            return z3.BoolVal(False)
        if pred == "true":
            return z3.BoolVal(True)
        if pred == "ord":
            return z3.Not(nan)
        if pred == "uno":
            return nan
        kind, rel = pred[0], pred[1:]
        if kind == "o":
            return z3.And(z3.Not(nan), ordered[rel])
        if kind == "u":
            return z3.Or(nan, ordered[rel])
        raise ValueError(pred)

    def maximum(self, a: Term, b: Term, ft: FloatType, propagate_nan: bool = True) -> Term:
        """``maximumf`` (NaN if either is NaN) or ``maxnumf`` (the non-NaN operand); -0 < +0."""
        larger = z3.If(self._olt_total(a, b, ft), b, a)
        if propagate_nan:
            return z3.If(self.is_nan(a, ft), a, z3.If(self.is_nan(b, ft), b, larger))
        return z3.If(self.is_nan(a, ft), b, z3.If(self.is_nan(b, ft), a, larger))

    def minimum(self, a: Term, b: Term, ft: FloatType, propagate_nan: bool = True) -> Term:
        smaller = z3.If(self._olt_total(a, b, ft), a, b)
        if propagate_nan:
            return z3.If(self.is_nan(a, ft), a, z3.If(self.is_nan(b, ft), b, smaller))
        return z3.If(self.is_nan(a, ft), b, z3.If(self.is_nan(b, ft), a, smaller))

    def refines(self, src: Term, tgt: Term, ft: FloatType) -> Term:
        if ft.is_small:
            return src == tgt
        return z3.Or(src == tgt, z3.And(self.is_nan(src, ft), self.is_nan(tgt, ft)))

    def python_value(self, v: Term, ft: FloatType) -> float | int:
        if ft.is_small:
            return v.as_long()
        return bits_to_float(v.as_long(), ft)


@bits_only_for_small_floats
class AbstractTheory(BitsTheory):
    """Arithmetic is uninterpreted over bit patterns (see module docstring)."""

    name = "abstract"
    approximate = True

    def _uf(self, op: str, ft: FloatType, *args: Term) -> Term:
        sorts = [a.sort() for a in args]
        return t.uf(f"fp.{op}.{ft.name}", *sorts, self.sort(ft))(*args)

    def binary(self, op: str, a: Term, b: Term, ft: FloatType) -> Term:
        if op == "maximum":
            return self.maximum(a, b, ft)
        if op == "minimum":
            return self.minimum(a, b, ft)
        if op == "maxnum":
            return self.maximum(a, b, ft, propagate_nan=False)
        if op == "minnum":
            return self.minimum(a, b, ft, propagate_nan=False)
        if op in COMMUTATIVE:
            a, b = z3.If(z3.ULE(a, b), a, b), z3.If(z3.ULE(a, b), b, a)
        return self._uf(op, ft, a, b)

    def unary(self, op: str, a: Term, ft: FloatType) -> Term:
        if op == "neg":
            return self.neg(a, ft)
        if op == "abs":
            return self.abs(a, ft)
        return self._uf(op, ft, a)

    def convert(self, a: Term, src: FloatType, dst: FloatType) -> Term:
        return t.uf(f"fp.convert.{src.name}.{dst.name}", self.sort(src), self.sort(dst))(a)

    def from_int(self, a: Term, signed: bool, ft: FloatType) -> Term:
        kind = "si" if signed else "ui"
        return t.uf(f"fp.{kind}tofp{a.size()}.{ft.name}", a.sort(), self.sort(ft))(a)

    def to_int(self, a: Term, ft: FloatType, width: int, signed: bool) -> Term:
        kind = "si" if signed else "ui"
        return t.uf(f"fp.fpto{kind}{width}.{ft.name}", self.sort(ft), z3.BitVecSort(width))(a)

    def reduce(self, op: str, init: Term, elems: Term, n: Term, ft: FloatType) -> Term:
        """A fold of ``op`` over ``elems[0..n)`` (an array term) in an unspecified order."""
        return t.uf(f"fp.reduce_{op}.{ft.name}", init.sort(), elems.sort(), z3.IntSort(),
                    self.sort(ft))(init, elems, n)


@bits_only_for_small_floats
class IEEETheory(BitsTheory):
    """z3's IEEE-754 floating point (round to nearest even); exact but slow."""

    name = "ieee"
    approximate = False
    RM = z3.RNE()

    def _fp(self, a: Term, ft: FloatType) -> Term:
        e, s = _EXP_SIG[ft.name]
        return z3.fpBVToFP(a, z3.FPSort(e, s))

    def _bits(self, x: Term) -> Term:
        """IEEE bits of ``x``; NaN becomes the canonical quiet NaN (z3 leaves its bits open)."""
        e, s = x.sort().ebits(), x.sort().sbits()
        qnan = ((1 << e) - 1) << (s - 1) | 1 << (s - 2)
        return z3.If(z3.fpIsNaN(x), z3.BitVecVal(qnan, e + s), z3.fpToIEEEBV(x))

    def binary(self, op: str, a: Term, b: Term, ft: FloatType) -> Term:
        if op in ("maximum", "minimum", "maxnum", "minnum"):
            fn = self.maximum if op.startswith("max") else self.minimum
            return fn(a, b, ft, propagate_nan=op in ("maximum", "minimum"))
        x, y = self._fp(a, ft), self._fp(b, ft)
        ops = {
            "add": lambda: z3.fpAdd(self.RM, x, y),
            "sub": lambda: z3.fpSub(self.RM, x, y),
            "mul": lambda: z3.fpMul(self.RM, x, y),
            "div": lambda: z3.fpDiv(self.RM, x, y),
            "rem": lambda: self._fmod(x, y),
        }
        if op not in ops:
            return t.uf(f"fp.{op}.{ft.name}", a.sort(), b.sort(), self.sort(ft))(a, b)
        return self._bits(ops[op]())

    def _fmod(self, x: Term, y: Term) -> Term:
        """C ``fmod`` (``arith.remf``, LLVM ``frem``): the sign follows ``x``. z3's ``fpRem`` is
        the IEEE remainder (quotient rounded to nearest); when its sign differs from ``x`` it is
        off by exactly ``|y|`` (both results are exact)."""
        r = z3.fpRem(x, y)
        fix = z3.And(z3.Not(z3.fpIsZero(r)), z3.Not(z3.fpIsNaN(r)),
                     z3.fpIsNegative(r) != z3.fpIsNegative(x))
        ay = z3.fpAbs(y)
        return z3.If(fix, z3.If(z3.fpIsNegative(x), z3.fpSub(self.RM, r, ay), z3.fpAdd(self.RM, r, ay)), r)

    def unary(self, op: str, a: Term, ft: FloatType) -> Term:
        if op == "neg":
            return self.neg(a, ft)
        if op == "abs":
            return self.abs(a, ft)
        if op == "sqrt":
            return self._bits(z3.fpSqrt(self.RM, self._fp(a, ft)))
        return t.uf(f"fp.{op}.{ft.name}", a.sort(), self.sort(ft))(a)

    def convert(self, a: Term, src: FloatType, dst: FloatType) -> Term:
        e, s = _EXP_SIG[dst.name]
        return self._bits(z3.fpFPToFP(self.RM, self._fp(a, src), z3.FPSort(e, s)))

    def from_int(self, a: Term, signed: bool, ft: FloatType) -> Term:
        e, s = _EXP_SIG[ft.name]
        conv = z3.fpSignedToFP if signed else z3.fpUnsignedToFP
        return self._bits(conv(self.RM, a, z3.FPSort(e, s)))

    def to_int(self, a: Term, ft: FloatType, width: int, signed: bool) -> Term:
        conv = z3.fpToSBV if signed else z3.fpToUBV
        return conv(z3.RTZ(), self._fp(a, ft), z3.BitVecSort(width))

    def reduce(self, op: str, init: Term, elems: Term, n: Term, ft: FloatType) -> Term:
        return t.uf(f"fp.reduce_{op}.{ft.name}", init.sort(), elems.sort(), z3.IntSort(),
                    self.sort(ft))(init, elems, n)


@bits_only_for_small_floats
class RealTheory:
    """Floats as real numbers: scalars commute through sums and products; exp is uninterpreted."""

    name = "real"
    approximate = True

    def sort(self, ft: FloatType) -> z3.SortRef:
        if ft.is_small:
            return z3.BitVecSort(ft.width)
        return z3.RealSort()

    def const(self, value: float, ft: FloatType) -> Term:
        return self.const_bits(float_bits(value, ft), ft)

    def const_bits(self, bits: int, ft: FloatType) -> Term:
        """The exact rational value; a non-finite value is an unknown real (one per value)."""
        f = bits_to_fraction(bits, ft.name)
        if f is None:
            v = bits_to_float(bits, ft)
            return t.uf(f"real.nonfinite.{v}", z3.RealSort())()
        return z3.RealVal(f"{f.numerator}/{f.denominator}")

    def from_bits(self, bits: Term, ft: FloatType) -> Term:
        if ft.is_small:
            return bits
        return t.uf(f"real.of_bits.{ft.name}", bits.sort(), z3.RealSort())(bits)

    def to_bits(self, a: Term, ft: FloatType) -> Term:
        if ft.is_small:
            return a
        return t.uf(f"real.to_bits.{ft.name}", z3.RealSort(), z3.BitVecSort(ft.width))(a)

    def is_nan(self, a: Term, ft: FloatType) -> Term:
        return z3.BoolVal(False)

    def neg(self, a: Term, ft: FloatType) -> Term:
        return -a

    def binary(self, op: str, a: Term, b: Term, ft: FloatType) -> Term:
        ops = {
            "add": lambda: a + b,
            "sub": lambda: a - b,
            "mul": lambda: a * b,
            "div": lambda: a / b,
            "maximum": lambda: z3.If(a >= b, a, b),
            "minimum": lambda: z3.If(a <= b, a, b),
            "maxnum": lambda: z3.If(a >= b, a, b),
            "minnum": lambda: z3.If(a <= b, a, b),
        }
        if op not in ops:
            return t.uf(f"real.{op}", z3.RealSort(), z3.RealSort(), z3.RealSort())(a, b)
        return ops[op]()

    def unary(self, op: str, a: Term, ft: FloatType) -> Term:
        if op == "neg":
            return -a
        if op == "abs":
            return z3.If(a >= 0, a, -a)
        return t.uf(f"real.{op}", z3.RealSort(), z3.RealSort())(a)

    def cmp(self, pred: str, a: Term, b: Term, ft: FloatType) -> Term:
        rels = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}
        if pred in ("false", "uno"):
            return z3.BoolVal(False)
        if pred in ("true", "ord"):
            return z3.BoolVal(True)
        return rels[pred[1:]]

    def convert(self, a: Term, src: FloatType, dst: FloatType) -> Term:
        return a

    def from_int(self, a: Term, signed: bool, ft: FloatType) -> Term:
        return z3.ToReal(z3.BV2Int(a, is_signed=signed))

    def to_int(self, a: Term, ft: FloatType, width: int, signed: bool) -> Term:
        return t.uf(f"real.to_int{width}", z3.RealSort(), z3.BitVecSort(width))(a)

    def reduce(self, op: str, init: Term, elems: Term, n: Term, ft: FloatType) -> Term:
        return t.uf(f"real.reduce_{op}", init.sort(), elems.sort(), z3.IntSort(), z3.RealSort())(
            init, elems, n)

    def refines(self, src: Term, tgt: Term, ft: FloatType) -> Term:
        return src == tgt

    def python_value(self, v: Term, ft: FloatType) -> float | int:
        if ft.is_small:
            return v.as_long()
        if z3.is_rational_value(v):
            return v.numerator_as_long() / v.denominator_as_long()
        if z3.is_algebraic_value(v):
            return float(v.approx(20).as_decimal(20).rstrip("?"))
        return float("nan")


def theory(name: str):
    """The float theory named ``abstract``, ``ieee`` or ``real``."""
    return {"abstract": AbstractTheory, "ieee": IEEETheory, "real": RealTheory}[name]()
