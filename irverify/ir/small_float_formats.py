"""The 8-bit float formats irverify models exactly, as values (no solver terms here): decoding
a bit pattern, rounding an exact value to a pattern, and reading a printed literal. The formats
are MLIR's builtin types, defined as LLVM's APFloat semantics define them:

* ``f8E5M2`` (OCP): IEEE-like, exponent bias 15, infinities, NaNs (exponent all ones and a
  non-zero fraction), signed zeros.
* ``f8E4M3FN`` (OCP): exponent bias 7, signed zeros, no infinities; the only NaNs are the
  patterns with every exponent and fraction bit set (``0x7F``, ``0xFF``), so the all-ones
  exponent is otherwise an ordinary binade (largest value 448).
* ``f8E5M2FNUZ`` and ``f8E4M3FNUZ`` (LLVM PR 61734): exponent bias 16 and 8, no infinities, no
  negative zero; the single NaN is ``0x80`` (sign set, everything else zero); largest values
  57344 and 240.

Rounding is to nearest, ties to the even pattern. A value beyond the largest finite value by
half a unit in the last place or more overflows (``"overflow"``: an infinity in ``f8E5M2``, NaN
in the other formats, which have no infinity).
"""

from __future__ import annotations

import bisect
from fractions import Fraction
from functools import lru_cache

from irverify.ir.core import FloatType

# name -> (exponent bits, explicit fraction bits, exponent bias, kind)
FORMATS = {
    "f8E5M2": (5, 2, 15, "ieee"),
    "f8E4M3FN": (4, 3, 7, "fn"),
    "f8E5M2FNUZ": (5, 2, 16, "fnuz"),
    "f8E4M3FNUZ": (4, 3, 8, "fnuz"),
}

NAN = "nan"


def supported(ft) -> bool:
    return isinstance(ft, FloatType) and ft.name in FORMATS


def width(name: str) -> int:
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
    if kind == "fn" and ef == (1 << e) - 1 and f == (1 << m) - 1:
        return NAN
    if ef == 0:
        v = Fraction(f, 1 << m) * Fraction(2) ** (1 - bias)
    else:
        v = Fraction((1 << m) | f, 1 << m) * Fraction(2) ** (ef - bias)
    return (-v if neg else v), neg


@lru_cache(maxsize=None)
def finite_magnitudes(name: str) -> tuple[Fraction, ...]:
    """The values of the non-negative finite patterns ``0, 1, 2, ...`` (increasing)."""
    out = []
    for code in range(1 << (width(name) - 1)):
        d = decode(code, name)
        if d == NAN or d[0] is None:
            break
        out.append(d[0])
    return tuple(out)


@lru_cache(maxsize=None)
def thresholds(name: str):
    """For each positive pattern ``k`` (and the overflow pattern one past the largest finite
    one): the least magnitude rounding to ``k`` or above, and whether that bound is included
    (a tie goes to the even pattern)."""
    vals = finite_magnitudes(name)
    vals = vals + (2 * vals[-1] - vals[-2],)  # the overflow value: one ulp past the largest
    return tuple(((vals[k - 1] + vals[k]) / 2, k % 2 == 0) for k in range(1, len(vals)))


def encode(x: Fraction, negative: bool, name: str) -> int | str:
    """The pattern of the exact value ``x`` (of sign ``negative``; ``x`` may be zero) rounded
    to ``name``; ``"overflow"`` past the largest finite value."""
    e, m, bias, kind = FORMATS[name]
    w = 1 + e + m
    mag = abs(x)
    bounds = thresholds(name)
    code = bisect.bisect_left([b for b, _ in bounds], mag)  # the bounds below ``mag``
    if code < len(bounds) and bounds[code][0] == mag and bounds[code][1]:
        code += 1  # a tie that goes up (to the even pattern)
    if code == len(finite_magnitudes(name)):
        return "overflow"
    if code == 0 and kind == "fnuz":
        return 0
    return code | (int(negative) << (w - 1))


def literal_bits(text: str, name: str) -> int | None:
    """The pattern of a literal as MLIR prints a constant of this format: the bits in hex
    (``0x7C``), or a decimal that MLIR prints only when it reads back as the same pattern (so
    it is rounded to the format); None for a decimal that overflows the format."""
    text = text.strip()
    if text.lower().startswith("0x"):
        bits = int(text, 16)
        return bits if bits >> width(name) == 0 else None
    negative = text.startswith("-")
    bits = encode(Fraction(text.lstrip("+-")), negative, name)
    return None if bits == "overflow" else bits
