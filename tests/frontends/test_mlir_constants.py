"""Float and wide-integer constants keep their exact bits from the MLIR attribute to the term:
signalling NaNs stay signalling (no Python float on the way), decimals round exactly."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.ir.core import DenseAttr, FloatAttr
from irverify.ir.float_bits import bits_to_fraction, literal_bits, round_fraction
from irverify.verify.evaluate import evaluate_function

# format, integer type of the same width, a signalling NaN, 1.0, -2.5
FORMATS = [
    ("f16", "i16", 0x7C01, 0x3C00, 0xC100),
    ("bf16", "i16", 0x7F81, 0x3F80, 0xC020),
    ("f32", "i32", 0x7F800001, 0x3F800000, 0xC0200000),
    ("f64", "i64", 0x7FF0000000000001, 0x3FF0000000000000, 0xC004000000000000),
]


def const_op(text: str):
    fn = parse_mlir(text, "c.mlir").functions["f"]
    return fn.body.ops[0]


@pytest.mark.parametrize("ft,it,snan,one,m25", FORMATS)
def test_scalar_float_constant_is_its_bits(ft, it, snan, one, m25):
    op = const_op(f"func.func @f() -> {ft} {{\n  %c = arith.constant 0x{snan:X} : {ft}\n  return %c : {ft}\n}}")
    assert op.attrs["value"] == FloatAttr(snan, op.results[0].type)
    op = const_op(f"func.func @f() -> {ft} {{\n  %c = arith.constant -2.5 : {ft}\n  return %c : {ft}\n}}")
    assert op.attrs["value"].bits == m25


@pytest.mark.parametrize("splat", [True, False], ids=["splat", "elements"])
@pytest.mark.parametrize("ft,it,snan,one,m25", FORMATS)
def test_dense_float_constant_is_its_bits(ft, it, snan, one, m25, splat):
    lit = f"0x{snan:X}" if splat else f"[[1.0, 0x{snan:X}], [-2.5, 0x{snan | 2:X}]]"
    want = [[snan, snan], [snan, snan]] if splat else [[one, snan], [m25, snan | 2]]
    op = const_op(f"func.func @f() -> tensor<2x2x{ft}> {{\n  %c = arith.constant dense<{lit}> : tensor<2x2x{ft}>\n"
                  f"  return %c : tensor<2x2x{ft}>\n}}")
    attr = op.attrs["value"]
    assert isinstance(attr, DenseAttr)
    assert [[int(x) for x in row] for row in attr.values] == want


@pytest.mark.parametrize("splat", [True, False], ids=["splat", "elements"])
@pytest.mark.parametrize("ft,it,snan,one,m25", FORMATS)
def test_bitcast_of_signalling_nan_constant_evaluates_to_its_bits(ft, it, snan, one, m25, splat):
    lit = f"0x{snan:X}" if splat else f"[0x{snan:X}, 1.0]"
    text = (f"func.func @f() -> tensor<2x{it}> {{\n  %c = arith.constant dense<{lit}> : tensor<2x{ft}>\n"
            f"  %b = arith.bitcast %c : tensor<2x{ft}> to tensor<2x{it}>\n  return %b : tensor<2x{it}>\n}}")
    for fp in ("abstract", "ieee"):
        out = evaluate_function(parse_mlir(text, "c.mlir"), "f", [], fp_name=fp).outputs[0]
        w = int(it[1:])
        assert [int(x) % (1 << w) for x in out] == ([snan, snan] if splat else [snan, one])


def test_large_dense_constant_printed_as_hex_keeps_bits():
    """MLIR prints a dense attribute of more than 100 elements as a hex blob."""
    bits = [0x7F81 + k for k in range(120)]
    hexdata = "".join(b.to_bytes(2, "little").hex() for b in bits)
    op = const_op(f'func.func @f() -> tensor<120xbf16> {{\n  %c = arith.constant dense<"0x{hexdata}"> : '
                  f'tensor<120xbf16>\n  return %c : tensor<120xbf16>\n}}')
    assert [int(x) for x in op.attrs["value"].values] == bits


def test_wide_integer_dense_constant():
    op = const_op("func.func @f() -> tensor<3xi128> {\n  %c = arith.constant dense<[1, 18446744073709551616, -1]> :"
                  " tensor<3xi128>\n  return %c : tensor<3xi128>\n}")
    assert list(op.attrs["value"].values) == [1, 1 << 64, (1 << 128) - 1]


def test_round_fraction_matches_numpy_rounding():
    rng = random.Random(7)
    for name, dt, ut in (("f16", np.float16, np.uint16), ("f32", np.float32, np.uint32)):
        for _ in range(3000):
            x = rng.uniform(-1, 1) * 2.0 ** rng.randint(-160, 140)
            with np.errstate(over="ignore"):
                want = int(np.array(x, dtype=dt).view(ut))
            assert round_fraction(Fraction(x), name) == want, (name, x)


def test_round_fraction_round_trips_every_finite_pattern_kind():
    for name, w in (("f16", 16), ("bf16", 16), ("f32", 32), ("f64", 64)):
        for bits in (1, 2, (1 << (w - 1)) + 1, 0x3C00 if w == 16 else 1 << (w - 2)):
            f = bits_to_fraction(bits, name)
            assert f is not None and round_fraction(f, name) == bits


def test_literal_bits_ties_to_even():
    # 1 + 2^-11 is halfway between 1.0 and the next f16 (1 + 2^-10): ties go to the even 1.0.
    assert literal_bits(str(1 + 2 ** -11), "f16") == 0x3C00
    assert literal_bits(str(1 + 3 * 2 ** -11), "f16") == 0x3C02
    assert literal_bits("65520", "f16") == 0x7C00  # rounds to infinity
    assert literal_bits("-0.000000e+00", "f32") == 0x80000000
    assert literal_bits("-1.0e-50", "f32") == 0x80000000  # underflows to -0
