"""Exact conversions to and from the 8-bit float formats (``arith.extf`` / ``arith.truncf``),
and their negation and arithmetic.

A small float value is its bit pattern (see ``floats``); the formats (``f8E5M2``,
``f8E4M3FN``, ``f8E5M2FNUZ``, ``f8E4M3FNUZ``) are defined in ``irverify.ir.small_float_formats``.
A conversion is computed from the format's definition, as LLVM's APFloat
(``IEEEFloat::convert``) and MLIR's ``arith`` folders compute it, round to nearest, ties to even:

Narrowing (a wider format to one of these): the exact value rounded to the nearest
representable value, ties to the even pattern. A value beyond the largest finite value by half a
unit in the last place or more overflows: to the signed infinity in ``f8E5M2``, to NaN in the
other formats (APFloat ``handleOverflow`` on a format without infinities); an infinity converts
the same way. A value that rounds to zero keeps its sign, except in the FNUZ formats (they have
no ``-0``: it is ``+0``). NaN converts to NaN: ``0x80`` in FNUZ, otherwise an unknown NaN
(unknown sign, and for ``f8E5M2`` an unknown non-zero fraction, as for every produced NaN).

Widening (one of these to ``f16``, ``bf16``, ``f32``, ``f64`` or another small format): exact
where the value is representable (every finite value of these formats is in ``f16``/``bf16``
and wider); a NaN gives the destination theory's unknown NaN.

Negation (``arith.negf``, APFloat ``changeSign``) flips the sign bit, except in the FNUZ formats,
where ``0`` and the NaN ``0x80`` are their own negation (neither can change sign there).

``arith.addf``/``subf``/``mulf``/``divf`` (the exact result rounded to the format, as the
``arith`` documentation defines them) are computed as: both operands widened exactly to ``f32``,
the operation in ``f32``, the result narrowed. This equals the direct rounding: ``f32`` holds
every exact sum, product and quotient of these formats without overflow or underflow, and a
double rounding through a format of ``p' >= 2p + 2`` significand bits is innocuous for ``+ - * /``
(Figueroa, "When is double rounding innocuous?", SIGNUM 1995; here ``p <= 4``, ``p' = 24``).

Other small formats (``f4E2M1FN``, ``f8E8M0FNU``, ``f6*``...) stay unsupported.
"""

from __future__ import annotations

from fractions import Fraction

import z3

from irverify.errors import Unsupported
from irverify.ir.core import FloatType
from irverify.ir.float_bits import round_fraction
from irverify.ir.small_float_formats import (FORMATS, NAN, decode, encode, finite_magnitudes,  # noqa: F401
                                             supported, thresholds, width)

_width = width
_finite_magnitudes = finite_magnitudes
_thresholds = thresholds


def _small_nan(theory, op: str, name: str, a: z3.ExprRef) -> z3.ExprRef:
    e, m, bias, kind = FORMATS[name]
    if kind == "fnuz":
        return z3.BitVecVal(1 << (_width(name) - 1), _width(name))
    from irverify.smt import terms as t

    if kind == "fn":  # S.1111.111: only the sign is unknown
        sign = t.uf(f"fp.nan.{op}.{name}", a.sort(), z3.BitVecSort(1))(a)
        return z3.Concat(sign, z3.BitVecVal((1 << (e + m)) - 1, e + m))

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


def neg(a: z3.ExprRef, ft: FloatType) -> z3.ExprRef:
    """``-a`` (see the module docstring): the sign bit flipped; in FNUZ, 0 and NaN unchanged."""
    w = _width(ft.name)
    flipped = a ^ z3.BitVecVal(1 << (w - 1), w)
    if FORMATS[ft.name][3] == "fnuz":
        return z3.If(z3.Extract(w - 2, 0, a) == 0, a, flipped)
    return flipped


def is_nan(a: z3.ExprRef, ft: FloatType) -> z3.ExprRef:
    """Is ``a`` a NaN pattern of ``ft`` (see ``irverify.ir.small_float_formats``)?"""
    e, m, _, kind = FORMATS[ft.name]
    w = _width(ft.name)
    if kind == "fnuz":
        return a == z3.BitVecVal(1 << (w - 1), w)
    exp, frac = z3.Extract(w - 2, m, a), z3.Extract(m - 1, 0, a)
    if kind == "fn":
        return z3.And(exp == (1 << e) - 1, frac == (1 << m) - 1)
    return z3.And(exp == (1 << e) - 1, frac != 0)


ARITHMETIC_OPS = ("add", "sub", "mul", "div")


def binary(theory, op: str, a: z3.ExprRef, b: z3.ExprRef, ft: FloatType) -> z3.ExprRef:
    """``a op b`` rounded to ``ft``, computed through ``f32`` (see the module docstring)."""
    if op not in ARITHMETIC_OPS:
        raise Unsupported(f"'{op}' on {ft} values (only {', '.join(ARITHMETIC_OPS)} are modelled)")
    f32 = FloatType("f32")
    wide = theory.binary(op, theory.convert(a, ft, f32), theory.convert(b, ft, f32), f32)
    return theory.convert(wide, f32, ft)


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
