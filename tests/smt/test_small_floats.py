"""The 8-bit float conversions of ``irverify/smt/small_floats.py`` against ``ml_dtypes`` (an
independent implementation of the same formats, round to nearest even): every pattern decoded,
and ``f32`` values (the rounding bounds, their neighbours, overflow, random values) encoded,
both in Python and as the z3 terms the theories build."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import z3

from irverify.ir.core import FloatType
from irverify.smt import small_floats
from irverify.smt.floats import theory

ml_dtypes = pytest.importorskip("ml_dtypes")
DTYPES = {"f8E5M2": ml_dtypes.float8_e5m2, "f8E5M2FNUZ": ml_dtypes.float8_e5m2fnuz,
          "f8E4M3FNUZ": ml_dtypes.float8_e4m3fnuz}


def _expected_bits(v: np.float32, name: str) -> int:
    return int(np.array(v, np.float32).astype(DTYPES[name]).view(np.uint8))


def _inputs(name: str) -> list[np.float32]:
    vals = []
    for bound, _ in small_floats._thresholds(name):
        b = np.float32(float(bound))
        vals += [b, np.nextafter(b, np.float32(0)), np.nextafter(b, np.float32(np.inf))]
    rng = np.random.default_rng(3)
    vals += list(rng.standard_normal(32).astype(np.float32) * 1000)
    return [np.float32(v) for v in vals] + [np.float32(-v) for v in vals] + [np.float32(0), np.float32(-0.0)]


@pytest.mark.parametrize("name", sorted(DTYPES))
def test_decode_matches_ml_dtypes(name):
    for code in range(256):
        ref = float(np.array(code, np.uint8).view(DTYPES[name]))
        d = small_floats.decode(code, name)
        if d == small_floats.NAN:
            assert np.isnan(ref), code
        elif d[0] is None:
            assert np.isinf(ref) and (ref < 0) == d[1], code
        else:
            assert Fraction(ref) == d[0] and np.signbit(ref) == d[1], code


@pytest.mark.parametrize("name", sorted(DTYPES))
def test_encode_matches_ml_dtypes(name):
    overflow_nan = small_floats.FORMATS[name][3] == "fnuz"
    for v in _inputs(name):
        got = small_floats.encode(Fraction(float(v)), bool(np.signbit(v)), name)
        ref = _expected_bits(v, name)
        if got == "overflow":  # ml_dtypes: inf where the format has it, else its NaN
            assert ref == 0x80 if overflow_nan else ref & 0x7F == 0x7C, v
        else:
            assert got == ref, v


@pytest.mark.slow  # builds and simplifies 256-way terms (about 10 s)
@pytest.mark.parametrize("th", ["abstract", "ieee"])
def test_terms_match_ml_dtypes(th):
    fp, f32 = theory(th), FloatType("f32")
    vals = [np.float32(x) for x in (0.0, -0.0, 1.0, -1.5, 3.0, 5.340576171875e-05, 2.6702880859375e-05,
                                    57344.0, 61440.0, 240.0, 248.0, 1e6, -1e-10, np.inf, -np.inf, np.nan)]
    for name in sorted(DTYPES):
        ft = FloatType(name)
        x = z3.BitVec("x", 32)
        narrowed = fp.convert(x, f32, ft)
        widened = fp.convert(z3.BitVec("y", 8), ft, f32)
        for v in vals:
            bits = z3.simplify(z3.substitute(narrowed, (x, z3.BitVecVal(int(np.array(v).view(np.uint32)), 32))))
            ref = _expected_bits(v, name)
            if z3.is_bv_value(bits):
                if np.isnan(v) or ref in (0x80,) and small_floats.FORMATS[name][3] == "fnuz":
                    assert bits.as_long() == ref, (name, v)
                elif (ref & 0x7F) > 0x7C and small_floats.FORMATS[name][3] == "ieee":
                    pass  # a NaN of f8E5M2: any NaN pattern
                else:
                    assert bits.as_long() == ref, (name, v)
            else:  # an unknown NaN (f8E5M2): exponent all ones, non-zero fraction
                assert np.isnan(v) and small_floats.FORMATS[name][3] == "ieee"
        for code in (0, 1, 3, 4, 0x7B, 0x7C, 0x80, 0x83, 0xFF):
            out = z3.simplify(z3.substitute(widened, (z3.BitVec("y", 8), z3.BitVecVal(code, 8))))
            ref = np.array(code, np.uint8).view(DTYPES[name]).astype(np.float32)
            if np.isnan(ref):
                continue  # the destination's unknown NaN
            assert out.as_long() == int(ref.view(np.uint32)), (name, code)


def test_narrowing_term_rounds_ties_to_even():
    """A fast sample of the above: the tie 3.5 * 2^-17 narrowed to f8E5M2FNUZ is 0x04."""
    fp = theory("abstract")
    v = np.float32(2.6702880859375e-05)
    term = fp.convert(z3.BitVecVal(int(np.array(v).view(np.uint32)), 32), FloatType("f32"), FloatType("f8E5M2FNUZ"))
    assert z3.simplify(term).as_long() == _expected_bits(v, "f8E5M2FNUZ") == 0x04
