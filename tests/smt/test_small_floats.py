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
          "f8E4M3FNUZ": ml_dtypes.float8_e4m3fnuz, "f8E4M3FN": ml_dtypes.float8_e4m3fn}


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
    kind = small_floats.FORMATS[name][3]
    for v in _inputs(name):
        got = small_floats.encode(Fraction(float(v)), bool(np.signbit(v)), name)
        ref = _expected_bits(v, name)
        if got == "overflow":  # ml_dtypes: inf where the format has it, else its NaN
            assert ref == {"fnuz": 0x80, "fn": ref | 0x7F, "ieee": ref & 0x80 | 0x7C}[kind], v
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
                elif (ref & 0x7F) == 0x7F and small_floats.FORMATS[name][3] == "fn":
                    pass  # a NaN of f8E4M3FN: either sign
                else:
                    assert bits.as_long() == ref, (name, v)
            else:  # an unknown NaN (f8E5M2: exponent all ones, non-zero fraction; f8E4M3FN: sign)
                assert small_floats.FORMATS[name][3] in ("ieee", "fn")
                assert np.isnan(v) or small_floats.FORMATS[name][3] == "fn" and abs(v) > 448
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


ARITH_OPS = (("addf", np.add), ("subf", np.subtract), ("mulf", np.multiply), ("divf", np.divide))


def arith_module(name: str, n: int) -> str:
    """``@arith(%x, %y: tensor<n x i8>)``: the patterns as ``name`` values, their sum,
    difference, product, quotient and the negation of ``%x``, as patterns."""
    lines = [f"  %a = arith.bitcast %x : tensor<{n}xi8> to tensor<{n}x{name}>",
             f"  %b = arith.bitcast %y : tensor<{n}xi8> to tensor<{n}x{name}>"]
    outs = []
    for k, (op, _) in enumerate(ARITH_OPS):
        lines.append(f"  %r{k} = arith.{op} %a, %b : tensor<{n}x{name}>")
        outs.append(f"%r{k}")
    lines.append(f"  %r4 = arith.negf %a : tensor<{n}x{name}>")
    outs.append("%r4")
    lines += [f"  %i{o[2:]} = arith.bitcast {o} : tensor<{n}x{name}> to tensor<{n}xi8>" for o in outs]
    ty = ", ".join([f"tensor<{n}xi8>"] * len(outs))
    return (f"func.func @arith(%x: tensor<{n}xi8>, %y: tensor<{n}xi8>) -> ({ty}) {{\n" + "\n".join(lines)
            + f"\n  return {', '.join(f'%i{o[2:]}' for o in outs)} : {ty}\n}}\n")


def arith_operands(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Pairs of patterns: zeros, NaN candidates, the largest values, the smallest subnormals and
    normals of every format, then random patterns."""
    special = [0x00, 0x80, 0x7F, 0xFF, 0x7E, 0xFE, 0x7C, 0xFC, 0x01, 0x81, 0x04, 0x08]
    a = [p for p in special for _ in special] [:n // 2]
    b = [q for _ in special for q in special][:n // 2]
    rng = np.random.default_rng(seed)
    a += list(rng.integers(0, 256, n - len(a)))
    b += list(rng.integers(0, 256, n - len(b)))
    return np.array(a, np.uint8).view(np.int8), np.array(b, np.uint8).view(np.int8)


def expected_arith(name: str, x: np.ndarray, y: np.ndarray) -> list[np.ndarray]:
    """ml_dtypes' results (it computes in f32 and rounds once) as patterns."""
    dt = DTYPES[name]
    a, b = (v.view(np.uint8).view(dt).astype(np.float32) for v in (x, y))
    with np.errstate(all="ignore"):
        outs = [f(a, b) for _, f in ARITH_OPS] + [-a]
    return [np.asarray(o).astype(dt).view(np.uint8) for o in outs]


def same_patterns(name: str, got: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """Equal patterns, or both NaN (a produced NaN's pattern is not specified)."""
    nan = lambda v: np.isnan(v.view(DTYPES[name]).astype(np.float32))  # noqa: E731
    return (got == ref) | (nan(got) & nan(ref))


@pytest.mark.parametrize("name", sorted(DTYPES))
def test_negation_and_arithmetic_match_ml_dtypes(name):
    """``negf`` and ``addf``/``subf``/``mulf``/``divf`` (computed through f32, see the module
    docstring of ``small_floats``) evaluated by irverify's op definitions on special and random
    patterns, against ml_dtypes."""
    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.evaluate import evaluate_function

    x, y = arith_operands(40, seed=11)
    ev = evaluate_function(parse_mlir(arith_module(name, 40), "a.mlir"), "arith", [x, y], fp_name="ieee")
    assert ev.ub == []
    for got, ref, (op, _) in zip(ev.outputs, expected_arith(name, x, y), ARITH_OPS + (("negf", None),)):
        got = np.asarray(got).astype(np.int8).view(np.uint8)
        bad = ~same_patterns(name, got, ref)
        assert not bad.any(), (op, x.view(np.uint8)[bad], y.view(np.uint8)[bad], got[bad], ref[bad])
