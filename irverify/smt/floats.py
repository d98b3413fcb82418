"""Float theories: how float values and operations become terms.

* ``abstract`` (default): a float is its IEEE bit pattern (a bit-vector), so constants, bitcasts,
  negation, absolute value, ``copysign``, comparisons, ``maximumf``/``minimumf`` and NaN tests
  are exact. So are, by IEEE 754-2019 and LLVM's LangRef:

  - constant folding: an operation whose operands are all constants is computed exactly
    (round to nearest, ties to even); a NaN result is an unknown NaN (below);
  - conversions between float formats (``extf``/``truncf``, exact IEEE rounding);
  - when an operand is a constant (or both are the same value, up to sign), the identities
    IEEE guarantees for every input: NaN propagation (§6.2), the invalid
    operations (``inf - inf``, ``0 * inf``, ``0/0``, ``inf/inf``, ``fmod(inf, y)``,
    ``fmod(x, 0)``, ``sqrt`` of a negative number) give NaN, infinities (§6.1), the sum of
    zeros and ``x + (-0) = x``, ``x + (+0) = x`` for ``x`` not a zero, ``x + (-x) = +0``
    (§6.3), ``x - y = x + (-y)`` (§5.4.1), ``x + x = x * 2``, the sign of a product,
    quotient or ``fmod`` (§6.3), ``x * ±1 = ±x``, ``x / ±1 = ±x``, ``x / x = 1``, and
    ``x / 2^k = x * 2^-k`` when ``2^-k`` is representable (both round the same exact value);
  - for two unrelated operands, NaN propagation, and for a quotient and a sum with an operand
    from ``exp`` or a maximum the other non-finite cases: an infinite operand of a sum
    (``inf - inf`` is NaN), ``0/0`` and ``inf/inf`` (not those of products, which would split
    every product of a contraction, nor of other sums);
  - the values IEEE 754-2019 §9.2.1 fixes for ``exp`` (``special_values``): NaN for NaN,
    ``exp(±0) = 1``, ``exp(-inf) = +0``, ``exp(+inf) = +inf`` (in ``ieee`` too).

  A reduction (a fold in an unspecified order) is uninterpreted, except for what every order
  computes (``float_fold``).

  Everything else (``addf``, ``mulf``, ``divf`` of non-special values, ``sitofp``, ``exp``...)
  is an uninterpreted function of the operand bits, which every real implementation is an
  instance of: a proof is sound, a counterexample may exist only in the abstraction (it must be
  confirmed by execution, or decided under ``ieee``). ``addf`` and ``mulf`` are commutative
  (their arguments are put in a canonical order).
* ``ieee``: the same bit patterns with z3's IEEE-754 semantics (round to nearest even);
  rounding to an integral value (``floor``, ``ceil``, ``trunc``, ``round``, ``roundeven``) is
  exact (``ROUND_TO_INTEGRAL``); functions IEEE does not fix (``exp``, ``log``...) stay
  uninterpreted, but for the special values of ``exp``.
* ``real``: floats are real numbers; a proof means "equal over the reals, not bitwise".

NaN results. LLVM's LangRef ("Floating-point semantics") leaves the sign and payload of a NaN
that an operation produces non-deterministic (a quieted operand NaN, the preferred NaN, ...), and
compile-time folding and hardware differ. So an arithmetic NaN is an *unknown NaN*: exponent all
ones, and sign and fraction an uninterpreted function of the operation and its operands (never
zero), in ``abstract`` and ``ieee`` alike. Two float results refine each other when they are the
same bits or both NaN; only a ``bitcast`` sees a payload, and then it is unknown. Identities that
hold only up to the NaN payload (``x * 1 = x`` for a signalling ``x``) are stated for non-NaN
``x`` and give the unknown NaN otherwise.

Small float formats (``f4E2M1FN``, ``f6E2M3FN``, ``f8E4M3FN``, ``f8E8M0FNU``, ... — every
``FloatType`` with ``is_small``) are modelled at the bit level only, in every theory: a value is
its bit pattern, ``from_bits``/``to_bits`` are the identity, refinement is bit equality and
counterexample values are the raw bits (an unsigned integer). Constants, arithmetic, comparisons,
NaN tests and conversions on them raise ``Unsupported`` naming the type, except the exact
conversions of ``f8E5M2``, ``f8E5M2FNUZ`` and ``f8E4M3FNUZ`` in the bit-level theories
(``small_floats``).
"""

from __future__ import annotations

import struct

import z3

from irverify.errors import Unsupported
from irverify.ir.core import FloatType
from irverify.ir.float_bits import FORMATS, bits_to_fraction
from irverify.smt import terms as t

Term = z3.ExprRef

# IEEE 754 roundToIntegral (§5.9) in each rounding direction: exact in every format (the result
# is an integer of the operand's format; a zero or an infinity is returned unchanged, a value
# rounded to zero keeps its sign; NaN gives NaN). ``floor``/``ceil``/``trunc`` are C's and LLVM's
# ``llvm.floor``/``llvm.ceil``/``llvm.trunc``; ``round`` is C ``round`` and ``llvm.round``
# (halfway cases away from zero: ``math.round``); ``roundeven`` is ``llvm.roundeven`` and
# ``llvm.nearbyint`` in the default rounding mode (halfway cases to even: ``math.roundeven``,
# TVM's ``round``).
ROUND_TO_INTEGRAL = {"floor": z3.RTN, "ceil": z3.RTP, "trunc": z3.RTZ, "round": z3.RNA, "roundeven": z3.RNE}

# z3's own "unspecified" float results (``fp.to_ieee_bv`` of a NaN, ``fp.to_sbv`` out of range)
# are fresh functions whose side conditions z3 asserts at the top level; when the float term sits
# under a binder (an elementwise tensor is a lambda over its indices) those side conditions
# mention the bound index and z3 gives up with "Formulas should not contain unbound variables".
# irverify never observes those results (a NaN becomes ``some_nan``; an out-of-range float to
# integer conversion is an explicit unknown function, see ``IEEETheory.to_int``), so z3 may give
# them fixed values, which it does without side conditions.
z3.set_param("rewriter.hi_fp_unspecified", True)

_EXP_SIG = FORMATS
COMMUTATIVE = {"add", "mul", "maximum", "minimum", "maxnum", "minnum"}


# Operations that need a float format's meaning (not just its bits).
ARITHMETIC = ("const", "const_bits", "is_nan", "is_zero", "is_inf", "neg", "abs", "cmp", "maximum", "minimum",
              "binary", "unary", "convert", "from_int", "to_int", "to_int_poison", "reduce")


def int_range(width: int, signed: bool) -> tuple[int, int]:
    """The values of an ``iN`` read signed or unsigned."""
    return (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)


def _largest_below(bound: int, name: str) -> int:
    """The bits of the largest finite non-negative float of format ``name`` whose value is
    below ``bound`` (a positive integer): non-negative floats are ordered as their bits."""
    e, s = FORMATS[name]
    lo, hi = 0, (((1 << e) - 1) << (s - 1)) - 1  # +0 .. the largest finite value
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if bits_to_fraction(mid, name) < bound:
            lo = mid
        else:
            hi = mid - 1
    return lo


def to_int_bounds(name: str, width: int, signed: bool) -> tuple[int, int]:
    """The bits of the least and the greatest float of format ``name`` that ``fptosi``
    (``fptoui``) to ``iN`` converts without poison: rounded toward zero, they fit."""
    lo, hi = int_range(width, signed)
    width_bits = sum(FORMATS[name])
    least = (1 << (width_bits - 1)) | _largest_below(1 - lo, name)  # -m with m < |lo| + 1
    return least, _largest_below(hi + 1, name)


def _small(ft) -> bool:
    return isinstance(ft, FloatType) and ft.is_small


def bits_only_for_small_floats(cls):
    """Make each ``ARITHMETIC`` method of a theory raise ``Unsupported`` when one of its
    arguments is a small float type, except, in a theory with ``small_convert``, what
    ``small_floats`` defines for its formats: conversions, constants, ``is_nan``, negation and
    ``add``/``sub``/``mul``/``div``."""
    import functools

    def wrap(name, fn):
        @functools.wraps(fn)
        def checked(self, *args, **kwargs):
            smalls = [a for a in (*args, *kwargs.values()) if _small(a)]
            if smalls and getattr(self, "small_convert", False):
                from irverify.smt import small_floats

                if all(small_floats.supported(a) for a in smalls):
                    if name == "convert":
                        smalls = []
                    elif name == "const_bits":
                        return z3.BitVecVal(args[0], args[1].width)
                    elif name == "is_nan":
                        return small_floats.is_nan(*args)
                    elif name == "neg" or (name == "unary" and args[0] == "neg"):
                        return small_floats.neg(args[-2], args[-1])
                    elif name == "binary" and args[0] in small_floats.ARITHMETIC_OPS:
                        return small_floats.binary(self, *args)
            for a in smalls:
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


def _non_nan_part(a: Term) -> Term:
    """``v`` when ``a`` is ``ite(c, NaN, v)`` as the rules below build it (the NaN an unknown
    ``some_nan``), else ``a``: what ``a`` is when it is not NaN."""
    while z3.is_app_of(a, z3.Z3_OP_ITE) and z3.is_app_of(a.arg(1), z3.Z3_OP_CONCAT) \
            and any(z3.is_app(c) and c.decl().name().startswith("fp.nan.") for c in _concat_parts(a.arg(1))):
        a = a.arg(2)
    return a


def _concat_parts(x: Term) -> list[Term]:
    out = []
    for c in x.children():
        out.extend(c.children() if z3.is_app_of(c, z3.Z3_OP_EXTRACT) else [c])
        if z3.is_app_of(c, z3.Z3_OP_ITE):  # the fraction: ite(frac == 0, quiet bit, frac)
            out.extend(g for k in c.children() for g in (k.children() if z3.is_app_of(k, z3.Z3_OP_EXTRACT) else [k]))
    return out


def _value(a: Term) -> Term:
    """``a`` as a bit-vector constant when it simplifies to one, else ``a`` itself."""
    if z3.is_bv_value(a) or not z3.is_bv(a):
        return a
    s = z3.simplify(a)
    return s if z3.is_bv_value(s) else a


def _fmod(x: Term, y: Term) -> Term:
    """C ``fmod`` (``arith.remf``, LLVM ``frem``): the sign follows ``x``. z3's ``fpRem`` is the
    IEEE remainder (quotient rounded to nearest); when its sign differs from ``x`` it is off by
    exactly ``|y|`` (both results are exact)."""
    r = z3.fpRem(x, y)
    fix = z3.And(z3.Not(z3.fpIsZero(r)), z3.Not(z3.fpIsNaN(r)), z3.fpIsNegative(r) != z3.fpIsNegative(x))
    ay = z3.fpAbs(y)
    return z3.If(fix, z3.If(z3.fpIsNegative(x), z3.fpSub(z3.RNE(), r, ay), z3.fpAdd(z3.RNE(), r, ay)), r)


@bits_only_for_small_floats
class BitsTheory:
    """Shared part of the ``abstract`` and ``ieee`` theories: values are IEEE bit patterns."""

    name = "bits"
    approximate = False
    small_convert = True  # conversions of the formats in ``small_floats`` are exact

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

    def is_subnormal(self, a: Term, ft: FloatType) -> Term:
        """A nonzero value with the all-zero exponent field (IEEE 754 §3.4)."""
        sign, exp, frac, e = self._parts(a, ft)
        return z3.And(exp == 0, frac != 0)

    def neg(self, a: Term, ft: FloatType) -> Term:
        return a ^ z3.BitVecVal(1 << (ft.width - 1), ft.width)

    def abs(self, a: Term, ft: FloatType) -> Term:
        return a & z3.BitVecVal((1 << (ft.width - 1)) - 1, ft.width)

    def is_inf(self, a: Term, ft: FloatType) -> Term:
        return self.abs(a, ft) == self._inf_bits(ft)

    def copysign(self, a: Term, b: Term, ft: FloatType) -> Term:
        """``a`` with the sign bit of ``b`` (IEEE §5.5.1, exact for every input)."""
        w = ft.width
        return z3.Concat(z3.Extract(w - 1, w - 1, b), z3.Extract(w - 2, 0, a))

    def reduce(self, op: str, init: Term, elems: Term, n: Term, ft: FloatType) -> Term:
        """A fold of ``op`` over ``init`` and ``elems[0..n)`` (an array term) in an unspecified
        order: an uninterpreted function, with what every order computes (``float_fold``)."""
        from irverify.smt.float_fold import elements, fold

        xs = elements(elems, n)
        if xs is None:
            uf = t.uf(f"fp.reduce_{op}.{ft.name}", init.sort(), elems.sort(), z3.IntSort(),
                      self.sort(ft))(init, elems, n)
        else:  # a few elements: a function of their values (see ``float_fold.elements``)
            uf = t.uf(f"fp.reduce_{op}{len(xs)}.{ft.name}", init.sort(), *(x.sort() for x in xs),
                      self.sort(ft))(init, *xs)
        return fold(self, op, init, elems, n, ft, uf)

    # -- helpers shared by the exact and abstract arithmetic -------------------------------

    def _inf_bits(self, ft: FloatType) -> Term:
        e, s = _EXP_SIG[ft.name]
        return z3.BitVecVal(((1 << e) - 1) << (s - 1), ft.width)

    def _fp_sort(self, ft: FloatType) -> z3.FPSortRef:
        e, s = _EXP_SIG[ft.name]
        return z3.FPSort(e, s)

    def _fp(self, a: Term, ft: FloatType) -> Term:
        return z3.fpBVToFP(a, self._fp_sort(ft))

    def some_nan(self, op: str, ft: FloatType, *operands: Term) -> Term:
        """The NaN an operation produces: exponent all ones, sign and fraction an unknown
        function of the operation and its operands, the fraction never zero (LangRef leaves
        both non-deterministic; see the module docstring)."""
        e, s = _EXP_SIG[ft.name]
        key = "_".join(o.sort().sexpr().replace(" ", "").replace("(", "").replace(")", "") for o in operands)
        bits = t.uf(f"fp.nan.{op}.{ft.name}.{key}", *[o.sort() for o in operands], z3.BitVecSort(s))(*operands)
        frac = z3.Extract(s - 2, 0, bits)
        frac = z3.If(frac == 0, z3.BitVecVal(1 << (s - 2), s - 1), frac)
        return z3.Concat(z3.Extract(s - 1, s - 1, bits), z3.BitVecVal((1 << e) - 1, e), frac)

    def special_values(self, op: str, a: Term, ft: FloatType, r: Term) -> Term:
        """``r``, the uninterpreted ``op(a)``, with the results IEEE 754-2019 fixes for special
        operands (§9.2.1; C's Annex F, LLVM's ``llvm.exp``, IREE's llvm-cpu ``math.exp``
        alike): ``exp(NaN)`` is a NaN, ``exp(±0) = 1``, ``exp(-inf) = +0``,
        ``exp(+inf) = +inf``. Other functions are returned as they are."""
        if op != "exp":
            return r
        inf = self._inf_bits(ft)
        r = z3.If(a == inf, inf, z3.If(a == self.neg(inf, ft), self.const_bits(0, ft), r))
        r = z3.If(self.is_zero(a, ft), self.const_bits(float_bits(1.0, ft), ft), r)
        return z3.If(self.is_nan(a, ft), self.some_nan(op, ft, a), r)

    def _to_bits(self, x: Term, ft: FloatType, op: str, *operands: Term) -> Term:
        """The IEEE bits of the z3 float ``x`` (of format ``ft``); a NaN is ``some_nan``."""
        nan = self.some_nan(op, ft, *operands)
        if z3.is_fp_value(x) or z3.is_fp_value(z3.simplify(x)):
            x = z3.simplify(x)
            return nan if z3.is_true(z3.simplify(z3.fpIsNaN(x))) else z3.simplify(z3.fpToIEEEBV(x))
        return z3.If(z3.fpIsNaN(x), nan, z3.fpToIEEEBV(x))

    def _widen(self, a: Term, src: FloatType, dst: FloatType) -> Term:
        """A widening conversion on the bits (every value is representable, so it is exact):
        re-bias the exponent, extend the fraction, normalise a subnormal (an ``ite`` over the
        position of its leading one). Cheaper for the solver than a float conversion."""
        (e1, s1), (e2, s2) = _EXP_SIG[src.name], _EXP_SIG[dst.name]
        w1, f1, f2 = src.width, s1 - 1, s2 - 1
        sign = z3.Extract(w1 - 1, w1 - 1, a)
        exp = z3.Extract(w1 - 2, f1, a)
        frac = z3.Extract(f1 - 1, 0, a)
        bias1, bias2 = (1 << (e1 - 1)) - 1, (1 << (e2 - 1)) - 1

        def pack(e_val: Term, f_val: Term) -> Term:  # f_val: f1 bits, placed at the top of f2
            return z3.Concat(sign, e_val, f_val, z3.BitVecVal(0, f2 - f1)) if f2 > f1 else z3.Concat(sign, e_val, f_val)

        normal = pack(z3.ZeroExt(e2 - e1, exp) + (bias2 - bias1), frac)
        inf = pack(z3.BitVecVal((1 << e2) - 1, e2), z3.BitVecVal(0, f1))
        zero = pack(z3.BitVecVal(0, e2), z3.BitVecVal(0, f1))
        if e1 == e2:  # same exponent range: subnormals stay subnormal with the same exponent field
            sub = pack(z3.BitVecVal(0, e2), frac)
        else:  # a subnormal 0.frac * 2^(1-bias1) has its leading one at bit k: 2^(k-f1+1-bias1)
            sub = zero
            for k in range(f1):
                e_val = z3.BitVecVal(k - f1 + 1 - bias1 + bias2, e2)
                shifted = z3.Extract(f1 - 1, 0, frac << (f1 - k)) if k < f1 else frac
                sub = z3.If(z3.Extract(k, k, frac) == 1, pack(e_val, shifted), sub)
        all_ones = z3.BitVecVal((1 << e1) - 1, e1)
        r = z3.If(exp == 0, z3.If(frac == 0, zero, sub), z3.If(exp == all_ones, inf, normal))
        return z3.If(z3.And(exp == all_ones, frac != 0), self.some_nan(f"convert.{src.name}", dst, a), r)

    def _exact_binary(self, op: str, a: Term, b: Term, ft: FloatType) -> Term | None:
        """``op`` with IEEE semantics as a z3 float (None for an op that has none)."""
        x, y, rm = self._fp(a, ft), self._fp(b, ft), z3.RNE()
        if op == "add":
            return z3.fpAdd(rm, x, y)
        if op == "sub":
            return z3.fpSub(rm, x, y)
        if op == "mul":
            return z3.fpMul(rm, x, y)
        if op == "div":
            return z3.fpDiv(rm, x, y)
        if op == "rem":
            return _fmod(x, y)
        return None

    def _exact_convert(self, a: Term, src: FloatType, dst: FloatType, op: str = "convert") -> Term:
        if src.is_small or dst.is_small:  # the 8-bit formats of ``small_floats``, exactly
            from irverify.smt import small_floats

            return small_floats.convert(self, a, src, dst)
        a = _value(a)
        (e1, s1), (e2, s2) = _EXP_SIG[src.name], _EXP_SIG[dst.name]
        if e2 >= e1 and s2 >= s1 and not z3.is_bv_value(a):
            return self._widen(a, src, dst)
        return self._to_bits(z3.fpFPToFP(z3.RNE(), self._fp(a, src), self._fp_sort(dst)), dst,
                             f"{op}.{src.name}", a)

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
        from irverify.smt import small_floats

        if ft.is_small and not (self.small_convert and small_floats.supported(ft)):
            return src == tgt
        return z3.Or(src == tgt, z3.And(self.is_nan(src, ft), self.is_nan(tgt, ft)))

    def to_int_poison(self, a: Term, ft: FloatType, width: int, signed: bool) -> Term:
        """Where ``fptosi``/``fptoui`` of ``a`` to ``iN`` is poison (ArithOps.td, LLVM LangRef
        ``fptosi``: the value rounded toward zero does not fit, or ``a`` is NaN or infinite):
        exactly outside the interval of the least and the greatest float that fits.
        Where it is not poison, ``to_int`` is the exact conversion (``ieee``) or a function of
        ``a`` (``abstract``)."""
        least, greatest = to_int_bounds(ft.name, width, signed)
        inside = z3.And(self.cmp("oge", a, self.const_bits(least, ft), ft),
                        self.cmp("ole", a, self.const_bits(greatest, ft), ft))
        return z3.simplify(z3.Not(inside)) if z3.is_bv_value(_value(a)) else z3.Not(inside)

    def python_value(self, v: Term, ft: FloatType) -> float | int:
        if ft.is_small:
            return v.as_long()
        if not z3.is_bv_value(v) and z3.is_true(z3.simplify(self.is_nan(v, ft))):
            return float("nan")  # an unknown NaN (``some_nan``)
        return bits_to_float(v.as_long(), ft)


_EXP_NAMES = ("fp.exp.", "fp.reduce_max", "fp.reduce_maxnum", "fp.maxnum", "fp.maximum")


def _from_exp(a: Term, searched: dict[int, list], depth: int = 8) -> bool:
    """Is ``a`` (looking ``depth`` levels down) a value of ``exp`` (infinite for a large finite
    operand) or of a maximum (a row maximum subtracted in a softmax)? Only sums with such an
    operand get the infinite cases (``AbstractTheory.binary``): the others, such as a bias added
    to a contraction, would gain case splits that the solver then cannot get through in time
    (an MLP's FoldConstant check went from correct to unknown). Leaving the cases out of a sum
    is sound: its value is then uninterpreted where they hold.

    The terms are DAGs (a softmax row's sum shares its maximum with every element, each partial
    sum of a reduction is asked about again as the operand of the next), so what each subterm
    was searched to is remembered across the calls of one theory instance (one check) in
    ``searched``: term id -> [the term, the depth to which it was searched finding nothing, the
    least depth at which it was found]; holding the term keeps its id from being reused."""

    def walk(e: Term, left: int) -> bool:
        if not z3.is_app(e):
            return False
        key = e.get_id()
        entry = searched.get(key)
        if entry is None:
            entry = searched[key] = [e, -1, None]
        if entry[1] >= left:
            return False
        if entry[2] is not None and entry[2] <= left:
            return True
        found = e.decl().name().startswith(_EXP_NAMES) or (
            left > 0 and any(walk(c, left - 1) for c in e.children()))
        if found:
            entry[2] = left if entry[2] is None else min(entry[2], left)
        else:
            entry[1] = left
        return found

    return walk(a, depth)


@bits_only_for_small_floats
class AbstractTheory(BitsTheory):
    """Arithmetic is uninterpreted over bit patterns, except for constant folding, conversions
    and the IEEE identities (see the module docstring)."""

    name = "abstract"
    approximate = True

    def _uf(self, op: str, ft: FloatType, *args: Term) -> Term:
        sorts = [a.sort() for a in args]
        return t.uf(f"fp.{op}.{ft.name}", *sorts, self.sort(ft))(*args)

    def _sign(self, a: Term, ft: FloatType) -> Term:
        return z3.Extract(ft.width - 1, ft.width - 1, a)

    def _signed(self, sign: Term, mag: Term, ft: FloatType) -> Term:
        """The value with sign bit ``sign`` and the magnitude bits of ``mag``."""
        return z3.Concat(sign, z3.Extract(ft.width - 2, 0, mag))

    def _one(self, ft: FloatType) -> Term:
        return self.const_bits(float_bits(1.0, ft), ft)

    def binary(self, op: str, a: Term, b: Term, ft: FloatType) -> Term:
        if op == "maximum":
            return self.maximum(a, b, ft)
        if op == "minimum":
            return self.minimum(a, b, ft)
        if op == "maxnum":
            return self.maximum(a, b, ft, propagate_nan=False)
        if op == "minnum":
            return self.minimum(a, b, ft, propagate_nan=False)
        if op == "copysign":
            return self.copysign(a, b, ft)
        if op == "sub":  # IEEE §5.4.1: x - y is x + (-y), zeros and NaNs included
            return self.binary("add", a, self.neg(b, ft), ft)
        a, b = _value(a), _value(b)
        if z3.is_bv_value(a) and z3.is_bv_value(b):
            exact = self._exact_binary(op, a, b, ft)
            if exact is not None:
                return self._to_bits(exact, ft, op, *self._ordered(op, a, b))
        if op == "div" and z3.is_bv_value(b):
            recip = self._reciprocal_of_power_of_two(b, ft)
            if recip is not None:  # x / 2^k and x * 2^-k round the same exact value
                return self.binary("mul", a, recip, ft)
        rules = {"add": self._add, "mul": self._mul, "div": self._div, "rem": self._rem}
        x, y = _non_nan_part(a), _non_nan_part(b)
        related = x.eq(y) or y.eq(self.neg(x, ft)) or x.eq(self.neg(y, ft))
        if op in rules and (z3.is_bv_value(a) or z3.is_bv_value(b) or related):
            return rules[op](a, b, ft)
        # Two unrelated non-constant operands: NaN propagation, and for quotients and sums of an
        # exp or a maximum (``_from_exp``) the other non-finite cases (an infinite operand of a
        # sum, 0/0 and inf/inf); not the zeros
        # and infinities of products, which would make every product of a tensor contraction a
        # case split. Exact IEEE decides the rest.
        r = self._uf(op, ft, *self._ordered(op, a, b))
        if op not in rules:
            return r
        nan = z3.Or(self.is_nan(a, ft), self.is_nan(b, ft))
        searched = self.__dict__.setdefault("_exp_searched", {})  # (``_from_exp``, for this check)
        if op == "add" and (_from_exp(a, searched) or _from_exp(b, searched)):
            nan = z3.Or(nan, z3.And(self.is_inf(a, ft), self.is_inf(b, ft), a != b))
            r = z3.If(self.is_inf(a, ft), a, z3.If(self.is_inf(b, ft), b, r))
        elif op == "div":
            nan = z3.Or(nan, z3.And(self.is_zero(a, ft), self.is_zero(b, ft)),
                        z3.And(self.is_inf(a, ft), self.is_inf(b, ft)))
        return z3.If(nan, self.some_nan(op, ft, *self._ordered(op, a, b)), r)

    @staticmethod
    def _ordered(op: str, a: Term, b: Term) -> tuple[Term, Term]:
        if op in COMMUTATIVE:
            return z3.If(z3.ULE(a, b), a, b), z3.If(z3.ULE(a, b), b, a)
        return a, b

    def _reciprocal_of_power_of_two(self, b: Term, ft: FloatType) -> Term | None:
        """The bits of ``1/b`` when ``b`` is ``±2^k`` and ``±2^-k`` is representable."""
        f = bits_to_fraction(b.as_long(), ft.name)
        if f is None or f == 0:
            return None
        n, d = abs(f.numerator), f.denominator
        if n & (n - 1) or d & (d - 1):
            return None
        recip = self._to_bits(z3.fpDiv(z3.RNE(), self._fp(self._one(ft), ft), self._fp(b, ft)), ft, "div")
        if not z3.is_bv_value(recip) or bits_to_fraction(recip.as_long(), ft.name) != 1 / f:
            return None
        return recip

    def _add(self, a: Term, b: Term, ft: FloatType) -> Term:
        """IEEE §6.1-6.3 cases of a sum; the rest is uninterpreted."""
        nan = z3.Or(self.is_nan(a, ft), self.is_nan(b, ft),
                    z3.And(self.is_inf(a, ft), self.is_inf(b, ft), a != b))
        za, zb = self.is_zero(a, ft), self.is_zero(b, ft)
        finite_a = z3.Not(z3.Or(self.is_nan(a, ft), self.is_inf(a, ft)))
        r = self._uf("add", ft, *self._ordered("add", a, b))
        r = z3.If(a == b, self.binary("mul", a, self.const_bits(float_bits(2.0, ft), ft), ft), r)
        r = z3.If(z3.And(finite_a, b == self.neg(a, ft)), self.const_bits(0, ft), r)  # x + (-x) = +0
        r = z3.If(self.is_inf(b, ft), b, r)
        r = z3.If(self.is_inf(a, ft), a, r)
        r = z3.If(zb, a, r)  # x + (±0) = x for x not a zero
        r = z3.If(za, b, r)
        r = z3.If(z3.And(za, zb), a & b, r)  # -0 only when both are -0
        return z3.If(nan, self.some_nan("add", ft, *self._ordered("add", a, b)), r)

    def _mul(self, a: Term, b: Term, ft: FloatType) -> Term:
        """A product: NaN cases, the sign (xor of the signs), zeros, infinities and ``±1``
        exactly; the magnitude of other products is uninterpreted."""
        za, zb, ia, ib = self.is_zero(a, ft), self.is_zero(b, ft), self.is_inf(a, ft), self.is_inf(b, ft)
        nan = z3.Or(self.is_nan(a, ft), self.is_nan(b, ft), z3.And(za, ib), z3.And(ia, zb))
        abs_a, abs_b = self.abs(a, ft), self.abs(b, ft)
        one = self._one(ft)
        mag = self._uf("mul_magnitude", ft, *self._ordered("mul", abs_a, abs_b))
        mag = z3.If(abs_b == one, abs_a, mag)
        mag = z3.If(abs_a == one, abs_b, mag)
        mag = z3.If(z3.Or(ia, ib), self._inf_bits(ft), mag)
        mag = z3.If(z3.Or(za, zb), self.const_bits(0, ft), mag)
        r = self._signed(self._sign(a, ft) ^ self._sign(b, ft), mag, ft)
        return z3.If(nan, self.some_nan("mul", ft, *self._ordered("mul", a, b)), r)

    def _div(self, a: Term, b: Term, ft: FloatType) -> Term:
        """A quotient: NaN cases, the sign, zeros, infinities, ``x / ±1`` and ``x / x``
        exactly; the magnitude of other quotients is uninterpreted."""
        za, zb, ia, ib = self.is_zero(a, ft), self.is_zero(b, ft), self.is_inf(a, ft), self.is_inf(b, ft)
        nan = z3.Or(self.is_nan(a, ft), self.is_nan(b, ft), z3.And(za, zb), z3.And(ia, ib))
        abs_a, abs_b = self.abs(a, ft), self.abs(b, ft)
        one = self._one(ft)
        mag = self._uf("div_magnitude", ft, abs_a, abs_b)
        mag = z3.If(abs_a == abs_b, one, mag)
        mag = z3.If(abs_b == one, abs_a, mag)
        mag = z3.If(z3.Or(ia, zb), self._inf_bits(ft), mag)
        mag = z3.If(z3.Or(za, ib), self.const_bits(0, ft), mag)
        r = self._signed(self._sign(a, ft) ^ self._sign(b, ft), mag, ft)
        return z3.If(nan, self.some_nan("div", ft, a, b), r)

    def _rem(self, a: Term, b: Term, ft: FloatType) -> Term:
        """C ``fmod``: NaN cases; ``fmod(x, ±inf) = x`` and ``fmod(±0, y) = ±0``; the result has
        the sign of ``x``; other magnitudes are uninterpreted."""
        nan = z3.Or(self.is_nan(a, ft), self.is_nan(b, ft), self.is_inf(a, ft), self.is_zero(b, ft))
        mag = self._uf("rem_magnitude", ft, self.abs(a, ft), self.abs(b, ft))
        r = self._signed(self._sign(a, ft), mag, ft)
        r = z3.If(z3.Or(self.is_inf(b, ft), self.is_zero(a, ft)), a, r)
        return z3.If(nan, self.some_nan("rem", ft, a, b), r)

    def unary(self, op: str, a: Term, ft: FloatType) -> Term:
        if op == "neg":
            return self.neg(a, ft)
        if op == "abs":
            return self.abs(a, ft)
        if op == "sqrt":  # correctly rounded (IEEE §5.4.1); NaN for NaN and x < -0
            a = _value(a)
            if z3.is_bv_value(a):
                return self._to_bits(z3.fpSqrt(z3.RNE(), self._fp(a, ft)), ft, "sqrt", a)
            negative = z3.And(self._sign(a, ft) == 1, z3.Not(self.is_zero(a, ft)))
            r = z3.If(z3.Or(self.is_zero(a, ft), a == self._inf_bits(ft)), a, self._uf("sqrt", ft, a))
            return z3.If(z3.Or(self.is_nan(a, ft), negative), self.some_nan("sqrt", ft, a), r)
        if op in ROUND_TO_INTEGRAL and z3.is_bv_value(_value(a)):  # constant folding
            return self._to_bits(z3.fpRoundToIntegral(ROUND_TO_INTEGRAL[op](), self._fp(_value(a), ft)), ft, op, a)
        return self.special_values(op, a, ft, self._uf(op, ft, a))

    def convert(self, a: Term, src: FloatType, dst: FloatType) -> Term:
        """Exact IEEE conversion (widening is exact, narrowing rounds to nearest even)."""
        return self._exact_convert(a, src, dst)

    def from_int(self, a: Term, signed: bool, ft: FloatType) -> Term:
        kind = "si" if signed else "ui"
        a = _value(a)
        if z3.is_bv_value(a):
            conv = z3.fpSignedToFP if signed else z3.fpUnsignedToFP
            return z3.simplify(z3.fpToIEEEBV(conv(z3.RNE(), a, self._fp_sort(ft))))
        return t.uf(f"fp.{kind}tofp{a.size()}.{ft.name}", a.sort(), self.sort(ft))(a)

    def to_int(self, a: Term, ft: FloatType, width: int, signed: bool) -> Term:
        kind = "si" if signed else "ui"
        a = _value(a)
        if z3.is_bv_value(a):  # in range: truncation toward zero; otherwise poison (left unknown)
            f = bits_to_fraction(a.as_long(), ft.name)
            if f is not None:
                n = int(f)  # toward zero
                lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
                if lo <= n <= hi:
                    return z3.BitVecVal(n, width)
        return t.uf(f"fp.fpto{kind}{width}.{ft.name}", self.sort(ft), z3.BitVecSort(width))(a)


@bits_only_for_small_floats
class IEEETheory(BitsTheory):
    """z3's IEEE-754 floating point (round to nearest even); exact but slow. A NaN result is
    ``some_nan`` (its payload is not specified), or the canonical NaN where no payload can be
    observed (``canonical_nan``)."""

    name = "ieee"
    approximate = False
    RM = z3.RNE()
    # When nothing in the program can observe a NaN's bits (no bitcast, copysign...), every
    # arithmetic NaN may be the canonical quiet NaN: refinement and comparisons do not tell
    # NaNs apart, and the solver is much faster without the unknown payloads.
    canonical_nan = False

    def some_nan(self, op: str, ft: FloatType, *operands: Term) -> Term:
        if self.canonical_nan:
            e, s = _EXP_SIG[ft.name]
            return z3.BitVecVal(((1 << e) - 1) << (s - 1) | 1 << (s - 2), ft.width)
        return super().some_nan(op, ft, *operands)

    def binary(self, op: str, a: Term, b: Term, ft: FloatType) -> Term:
        if op in ("maximum", "minimum", "maxnum", "minnum"):
            fn = self.maximum if op.startswith("max") else self.minimum
            return fn(a, b, ft, propagate_nan=op in ("maximum", "minimum"))
        if op == "copysign":
            return self.copysign(a, b, ft)
        exact = self._exact_binary(op, a, b, ft)
        if exact is None:
            return t.uf(f"fp.{op}.{ft.name}", a.sort(), b.sort(), self.sort(ft))(a, b)
        if op in COMMUTATIVE:
            a, b = z3.If(z3.ULE(a, b), a, b), z3.If(z3.ULE(a, b), b, a)
        return self._to_bits(exact, ft, op, a, b)

    def unary(self, op: str, a: Term, ft: FloatType) -> Term:
        if op == "neg":
            return self.neg(a, ft)
        if op == "abs":
            return self.abs(a, ft)
        if op == "sqrt":
            return self._to_bits(z3.fpSqrt(self.RM, self._fp(a, ft)), ft, "sqrt", a)
        if op in ROUND_TO_INTEGRAL:
            return self._to_bits(z3.fpRoundToIntegral(ROUND_TO_INTEGRAL[op](), self._fp(a, ft)), ft, op, a)
        return self.special_values(op, a, ft, t.uf(f"fp.{op}.{ft.name}", a.sort(), self.sort(ft))(a))

    def convert(self, a: Term, src: FloatType, dst: FloatType) -> Term:
        return self._exact_convert(a, src, dst)

    def from_int(self, a: Term, signed: bool, ft: FloatType) -> Term:
        conv = z3.fpSignedToFP if signed else z3.fpUnsignedToFP
        return z3.fpToIEEEBV(conv(self.RM, a, self._fp_sort(ft)))  # never NaN

    def to_int(self, a: Term, ft: FloatType, width: int, signed: bool) -> Term:
        """Truncation toward zero when the truncated value fits in ``width`` bits; otherwise
        (NaN, infinity, out of range) an unknown function of the operand bits."""
        conv = z3.fpToSBV if signed else z3.fpToUBV
        x = self._fp(a, ft)
        r = z3.fpRoundToIntegral(z3.RTZ(), x)
        lo, hi = (-(2.0 ** (width - 1)), 2.0 ** (width - 1)) if signed else (0.0, 2.0 ** width)
        srt = self._fp_sort(ft)
        fits = z3.And(z3.Not(z3.fpIsNaN(x)), z3.Not(z3.fpIsInf(x)),
                      z3.fpGEQ(r, z3.FPVal(lo, srt)), z3.fpLT(r, z3.FPVal(hi, srt)))
        kind = "si" if signed else "ui"
        unknown = t.uf(f"fp.fpto{kind}{width}.{ft.name}.out_of_range", a.sort(), z3.BitVecSort(width))(a)
        return z3.If(fits, conv(z3.RTZ(), x, z3.BitVecSort(width)), unknown)


@bits_only_for_small_floats
class RealTheory:
    """Floats as real numbers: scalars commute through sums and products; exp is uninterpreted."""

    name = "real"
    approximate = True
    rounded = False

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

    def is_subnormal(self, a: Term, ft: FloatType) -> Term:
        return z3.BoolVal(False)  # a real has no representation to be subnormal in

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

    def to_int_poison(self, a: Term, ft: FloatType, width: int, signed: bool) -> Term:
        """Poison where the real rounded toward zero does not fit in ``iN``."""
        lo, hi = int_range(width, signed)
        return z3.Or(a <= lo - 1, a >= hi + 1)

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


@bits_only_for_small_floats
class RoundedRealTheory(RealTheory):
    """Reals rounded to the format after every operation and conversion (``real.round.<fmt>``,
    left to whoever evaluates the terms): with numeric interpretations of rounding, this is
    IEEE arithmetic on concrete values, and math functions can be computed numerically. Used
    only to evaluate concrete inputs (``irverify.cex.concrete``), never for proofs."""

    rounded = True  # computes what the compiled code computes, not a real-number identity

    def _round(self, x: Term, ft: FloatType) -> Term:
        return t.uf(f"real.round.{ft.name}", z3.RealSort(), z3.RealSort())(x)

    def binary(self, op: str, a: Term, b: Term, ft: FloatType) -> Term:
        if op in ("maximum", "minimum", "maxnum", "minnum"):
            # exact, but with IEEE's NaN rules, which a real comparison does not follow: left to
            # the evaluator (``real.maximum``... in ``irverify.cex.concrete``)
            return t.uf(f"real.{op}", z3.RealSort(), z3.RealSort(), z3.RealSort())(a, b)
        return self._round(super().binary(op, a, b, ft), ft)

    def unary(self, op: str, a: Term, ft: FloatType) -> Term:
        r = super().unary(op, a, ft)
        return r if op in ("neg", "abs") else self._round(r, ft)

    def convert(self, a: Term, src: FloatType, dst: FloatType) -> Term:
        return self._round(a, dst)

    def from_int(self, a: Term, signed: bool, ft: FloatType) -> Term:
        return self._round(super().from_int(a, signed, ft), ft)

    # Concrete values here may be NaN or infinite (``real.nonfinite.*``, an overflow, 0/0): the
    # tests and comparisons that see one follow IEEE, left to the evaluator (``real.is_nan``,
    # ``real.cmp.<pred>``, ``real.is_nonfinite`` in ``irverify.cex.concrete``).

    def is_nan(self, a: Term, ft: FloatType) -> Term:
        return t.uf("real.is_nan", z3.RealSort(), z3.BoolSort())(a)

    def cmp(self, pred: str, a: Term, b: Term, ft: FloatType) -> Term:
        """``arith.cmpf``'s predicates: an ordered one is false and an unordered one true when an
        operand is NaN."""
        if pred in ("false", "true"):
            return z3.BoolVal(pred == "true")
        return t.uf(f"real.cmp.{pred}", z3.RealSort(), z3.RealSort(), z3.BoolSort())(a, b)

    def to_int_poison(self, a: Term, ft: FloatType, width: int, signed: bool) -> Term:
        """Poison where the value rounded toward zero does not fit in ``iN``, or is NaN or infinite."""
        nonfinite = t.uf("real.is_nonfinite", z3.RealSort(), z3.BoolSort())(a)
        return z3.Or(super().to_int_poison(a, ft, width, signed), nonfinite)


def theory(name: str):
    """The float theory named ``abstract``, ``ieee`` or ``real`` (or ``rounded-real``, for
    concrete evaluation only)."""
    return {"abstract": AbstractTheory, "ieee": IEEETheory, "real": RealTheory,
            "rounded-real": RoundedRealTheory}[name]()
