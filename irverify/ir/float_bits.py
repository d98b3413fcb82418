"""Exact IEEE-754 bit patterns of float literals, computed without Python floats.

A float constant is its bit pattern: passing it through a Python ``float`` (or a numpy cast)
quiets a signalling NaN and may round twice, so frontends read the bits from the attribute
(a raw buffer, a hex literal) or round a decimal literal exactly, here.
"""

from __future__ import annotations

from fractions import Fraction

# name -> (exponent bits, significand bits including the implicit leading bit)
FORMATS = {"f16": (5, 11), "bf16": (8, 8), "f32": (8, 24), "f64": (11, 53)}


def width(name: str) -> int:
    e, p = FORMATS[name]
    return e + p


def round_fraction(x: Fraction, name: str) -> int:
    """The bit pattern of the rational ``x`` rounded to the format ``name`` (round to nearest,
    ties to even; overflow to infinity). ``x == 0`` gives ``+0``."""
    e_bits, p = FORMATS[name]
    sign = 1 << (e_bits + p - 1) if x < 0 else 0
    a = abs(Fraction(x))
    if a == 0:
        return sign
    bias = (1 << (e_bits - 1)) - 1
    emin, emax = 1 - bias, bias
    n, d = a.numerator, a.denominator
    exp = n.bit_length() - d.bit_length()  # 2^exp <= a < 2^(exp+2)
    if Fraction(2) ** exp > a:
        exp -= 1
    exp = max(exp, emin)  # subnormals share the smallest exponent
    scaled = a / Fraction(2) ** (exp - (p - 1))  # the significand in units of the last place
    m = scaled.numerator // scaled.denominator
    rest = scaled - m
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and m % 2 == 1):
        m += 1
    if m == 1 << p:  # rounding carried into the next binade
        m >>= 1
        exp += 1
    if exp > emax:
        return sign | (((1 << e_bits) - 1) << (p - 1))  # infinity
    if m < 1 << (p - 1):  # subnormal (only at exp == emin)
        return sign | m
    return sign | ((exp + bias) << (p - 1)) | (m - (1 << (p - 1)))


def literal_bits(text: str, name: str) -> int:
    """The bits of a float literal as MLIR prints it: ``0x7FC00000`` (the bit pattern, sign
    included) or a decimal (``-2.500000e+00``, which MLIR guarantees to round to the value)."""
    text = text.strip()
    if text.lower().startswith("0x"):
        bits = int(text, 16)
        if bits >> width(name):
            raise ValueError(f"hex literal {text} is wider than {name}")
        return bits
    if text.startswith("-"):  # the sign separately, so that -0.0 keeps it
        return round_fraction(Fraction(text[1:]), name) | 1 << (width(name) - 1)
    return round_fraction(Fraction(text), name)


def bits_to_fraction(bits: int, name: str) -> Fraction | None:
    """The exact value of a finite bit pattern; ``None`` for infinities and NaNs."""
    e_bits, p = FORMATS[name]
    w = e_bits + p
    exp_field = (bits >> (p - 1)) & ((1 << e_bits) - 1)
    frac = bits & ((1 << (p - 1)) - 1)
    if exp_field == (1 << e_bits) - 1:
        return None
    bias = (1 << (e_bits - 1)) - 1
    if exp_field == 0:
        value = Fraction(frac) * Fraction(2) ** (1 - bias - (p - 1))
    else:
        value = Fraction(frac | (1 << (p - 1))) * Fraction(2) ** (exp_field - bias - (p - 1))
    return -value if bits >> (w - 1) else value
