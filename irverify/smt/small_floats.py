"""Exact conversions to and from the 8-bit float formats (``arith.extf`` / ``arith.truncf``).

A small float value is its bit pattern (see ``floats``); a conversion is computed from the
format's definition, as LLVM's APFloat (``IEEEFloat::convert``) and MLIR's ``arith`` folders
compute it, round to nearest, ties to even:

* ``f8E5M2`` (OCP): IEEE-like, exponent bias 15, infinities, NaNs (exponent all ones and a
  non-zero fraction), signed zeros.
* ``f8E5M2FNUZ`` and ``f8E4M3FNUZ`` (the "FNUZ" formats of the MLIR builtin types and LLVM
  PR 61734): exponent bias 16 and 8, no infinities, no negative zero; the single NaN is the
  pattern ``0x80`` (sign set, everything else zero). Every other pattern is finite: the all-ones
  exponent is an ordinary binade (largest values 57344 and 240).

Narrowing (a wider format to one of these): the exact value rounded to the nearest
representable value, ties to the even pattern. A value beyond the largest finite value by half a
unit in the last place or more overflows: to the signed infinity in ``f8E5M2``, to NaN in the
FNUZ formats (APFloat ``handleOverflow`` on a format without infinities); an infinity converts
the same way. A value that rounds to zero keeps its sign in ``f8E5M2`` and is ``+0`` in the FNUZ
formats (they have no ``-0``). NaN converts to NaN: ``0x80`` in FNUZ, an unknown NaN (unknown
sign and non-zero fraction, as for every produced NaN) in ``f8E5M2``.

Widening (one of these to ``f16``, ``bf16``, ``f32``, ``f64`` or another small format): exact
where the value is representable (every finite value of these formats is in ``f16``/``bf16``
and wider); a NaN gives the destination theory's unknown NaN.

Other small formats (``f8E4M3FN``, ``f4E2M1FN``, ``f8E8M0FNU``...) stay unsupported.
"""

from __future__ import annotations

import bisect
from fractions import Fraction
from functools import lru_cache

import z3

from irverify.errors import Unsupported
from irverify.ir.core import FloatType
from irverify.ir.float_bits import round_fraction

# name -> (exponent bits, explicit fraction bits, exponent bias, kind)
FORMATS = {
    "f8E5M2": (5, 2, 15, "ieee"),
    "f8E5M2FNUZ": (5, 2, 16, "fnuz"),
    "f8E4M3FNUZ": (4, 3, 8, "fnuz"),
}

NAN = "nan"


def supported(ft) -> bool:
    return isinstance(ft, FloatType) and ft.name in FORMATS


def _width(name: str) -> int:
    e, m, _, _ = FORMATS[name]
    return 1 + e + m


def decode(code: int, name: str):
    """``NAN``, or ``(value, negative)`` with ``value`` a ``Fraction`` or ``None`` for an
    infinity."""
    e, m, bias, kind = FORMATS[name]
    w = 1 + e + m
    neg = bool(code >> (w - 1))
    ef, f = (code >> m) & ((1 << e) - 1), code & ((1 << m) - 1)
    if kind == "fnuz" and code == 1 << (w - 1):
        return NAN
    if kind == "ieee" and ef == (1 << e) - 1:
        return NAN if f else (None, neg)
    if ef == 0:
        v = Fraction(f, 1 << m) * Fraction(2) ** (1 - bias)
    else:
        v = Fraction((1 << m) | f, 1 << m) * Fraction(2) ** (ef - bias)
    return (-v if neg else v), neg


@lru_cache(maxsize=None)
def _finite_magnitudes(name: str) -> tuple[Fraction, ...]:
    """The values of the non-negative finite patterns ``0, 1, 2, ...`` (increasing)."""
    out = []
    for code in range(1 << (_width(name) - 1)):
        d = decode(code, name)
        if d == NAN or d[0] is None:
            break
        out.append(d[0])
    return tuple(out)


@lru_cache(maxsize=None)
def _thresholds(name: str):
    """For each positive pattern ``k`` (and the overflow pattern one past the largest finite
    one): the least magnitude rounding to ``k`` or above, and whether that bound is included
    (a tie goes to the even pattern)."""
    vals = _finite_magnitudes(name)
    vals = vals + (2 * vals[-1] - vals[-2],)  # the overflow value: one ulp past the largest
    return tuple(((vals[k - 1] + vals[k]) / 2, k % 2 == 0) for k in range(1, len(vals)))


def encode(x: Fraction, negative: bool, name: str) -> int | str:
    """The pattern of the exact value ``x`` (of sign ``negative``; ``x`` may be zero) rounded
    to ``name``; ``"overflow"`` past the largest finite value."""
    e, m, bias, kind = FORMATS[name]
    w = 1 + e + m
    mag = abs(x)
    bounds = _thresholds(name)
    code = bisect.bisect_left([b for b, _ in bounds], mag)  # the bounds below ``mag``
    if code < len(bounds) and bounds[code][0] == mag and bounds[code][1]:
        code += 1  # a tie that goes up (to the even pattern)
    if code == len(_finite_magnitudes(name)):
        return "overflow"
    if code == 0 and kind == "fnuz":
        return 0
    return code | (int(negative) << (w - 1))


def _small_nan(theory, op: str, name: str, a: z3.ExprRef) -> z3.ExprRef:
    e, m, bias, kind = FORMATS[name]
    if kind == "fnuz":
        return z3.BitVecVal(1 << (_width(name) - 1), _width(name))
    from irverify.smt import terms as t

    bits = t.uf(f"fp.nan.{op}.{name}", a.sort(), z3.BitVecSort(m + 1))(a)
    frac = z3.Extract(m - 1, 0, bits)
    frac = z3.If(frac == 0, z3.BitVecVal(1 << (m - 1), m), frac)
    return z3.Concat(z3.Extract(m, m, bits), z3.BitVecVal((1 << e) - 1, e), frac)


def _overflow(theory, op: str, name: str, negative: z3.ExprRef, a: z3.ExprRef) -> z3.ExprRef:
    e, m, bias, kind = FORMATS[name]
    w = _width(name)
    if kind == "ieee":
        inf = ((1 << e) - 1) << m
        return z3.If(negative, z3.BitVecVal(inf | 1 << (w - 1), w), z3.BitVecVal(inf, w))
    return _small_nan(theory, op, name, a)


def convert(theory, a: z3.ExprRef, src: FloatType, dst: FloatType) -> z3.ExprRef:
    """``a`` (the bits of a ``src`` value) converted to ``dst`` (see the module docstring);
    ``theory`` is a bit-level float theory (``abstract`` or ``ieee``)."""
    op = f"convert.{src.name}"
    if src.is_small:
        if not supported(src):
            raise Unsupported(f"'convert' on {src} values (only the bits of {src} are modelled)")
        return _from_small(theory, a, src, dst, op)
    if not supported(dst):
        raise Unsupported(f"'convert' on {dst} values (only the bits of {dst} are modelled)")
    return _to_small(theory, a, src, dst, op)


def _from_small(theory, a, src: FloatType, dst: FloatType, op: str):
    w = _width(src.name)
    table = []  # (code, result bits) for every pattern but NaN
    for code in range(1 << w):
        d = decode(code, src.name)
        if d == NAN:
            continue
        value, neg = d
        if dst.is_small:
            if not supported(dst):
                raise Unsupported(f"'convert' on {dst} values (only the bits of {dst} are modelled)")
            if value is None:
                r = _overflow(theory, op, dst.name, z3.BoolVal(neg), a)
            else:
                bits = encode(value, neg, dst.name)
                r = _overflow(theory, op, dst.name, z3.BoolVal(neg), a) if bits == "overflow" \
                    else z3.BitVecVal(bits, dst.width)
        else:
            if value is None:
                bits = round_fraction(Fraction(10) ** 400, dst.name)  # the infinity
            else:
                bits = round_fraction(value, dst.name)
                from irverify.ir.float_bits import bits_to_fraction

                if bits_to_fraction(bits, dst.name) != value:
                    raise Unsupported(f"'convert' from {src} to {dst} (not exact)")
            if neg:
                bits |= 1 << (dst.width - 1)
            r = z3.BitVecVal(bits, dst.width)
        table.append((code, r))
    nan = _small_nan(theory, op, dst.name, a) if dst.is_small else theory.some_nan(op, dst, a)
    result = nan
    for code, r in table:
        result = z3.If(a == code, r, result)
    return result


def _to_small(theory, a, src: FloatType, dst: FloatType, op: str):
    """Rounding by comparing the magnitude bits of ``a`` with the exact rounding bounds
    (non-negative floats are ordered as their bits)."""
    from irverify.ir.float_bits import bits_to_fraction

    ws = src.width
    mag = z3.Extract(ws - 2, 0, a)
    negative = z3.Extract(ws - 1, ws - 1, a) == 1
    code = z3.BitVecVal(0, dst.width - 1)
    bounds = _thresholds(dst.name)
    overflow = z3.BoolVal(False)
    for k, (bound, inclusive) in enumerate(bounds, start=1):
        bbits = round_fraction(bound, src.name)
        if bits_to_fraction(bbits, src.name) != bound:
            raise Unsupported(f"'convert' from {src} to {dst} (a rounding bound is not a {src} value)")
        c = z3.UGE(mag, bbits) if inclusive else z3.UGT(mag, bbits)
        if k == len(bounds):
            overflow = c  # infinities and NaNs are above every bound too
        else:
            code = z3.If(c, z3.BitVecVal(k, dst.width - 1), code)
    kind = FORMATS[dst.name][3]
    signed = z3.Concat(z3.If(negative, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)), code)
    if kind == "fnuz":
        signed = z3.If(code == 0, z3.BitVecVal(0, dst.width), signed)
    is_nan = theory.is_nan(a, src)
    return z3.If(is_nan, _small_nan(theory, op, dst.name, a),
                 z3.If(overflow, _overflow(theory, op, dst.name, negative, a), signed))
