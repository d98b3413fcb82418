"""Printing counterexample values (``irverify.cex.format``) and the report built from them:
integers in decimal and hex, floats exactly in their own format, poison, elision that keeps
the differing element, and the user's argument names."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

from irverify.cex.format import (MAX_PRINTED_ELEMENTS, FloatValue, array_text, element_text, first_difference,
                                 float_text, scalar_text)
from irverify.cex.report import render_counterexample, render_function
from irverify.ir.core import FloatType, IndexType, IntType, TensorType
from irverify.ir.float_bits import round_fraction
from irverify.verify.verdict import Confirmation, Counterexample, FunctionReport, Verdict

I1, I8, I32 = IntType(1), IntType(8), IntType(32)
F16, BF16, F32, F64 = (FloatType(n) for n in ("f16", "bf16", "f32", "f64"))


@pytest.mark.parametrize("value, ty, text", [
    (-128, I8, "-128 (0x80)"),
    (127, I8, "127 (0x7f)"),
    (-1, I32, "-1 (0xffffffff)"),
    (1, I1, "1 (0x1)"),
    (np.int32(-5), I32, "-5 (0xfffffffb)"),
    (-1, IndexType(), "-1 (0xffffffffffffffff)"),
    ("poison", I8, "poison"),
    (-0.0, F32, "-0.0 (0x80000000)"),
    (1.0, F16, "1.0 (0x3c00)"),
    (float("inf"), BF16, "inf (0x7f80)"),
    (FloatValue(float("nan"), 0x7F800001), F32, "nan (0x7f800001)"),
    (0x38, FloatType("f8E4M3FN"), "0x38"),
])
def test_scalar_text(value, ty, text):
    assert scalar_text(value, ty) == text


def test_nan_without_known_bits_has_no_guessed_hex():
    assert scalar_text(float("nan"), F32) == "nan"


def test_a_real_model_value_is_not_rounded_to_the_format():
    """Under --fp=real a float result is a real: 1/3 is not printed as the f32 0.33333334."""
    assert scalar_text(1 / 3, F32) == repr(1 / 3)
    assert scalar_text(0.5, F32) == "0.5 (0x3f000000)"


@pytest.mark.parametrize("ty", [F16, BF16, F32, F64])
def test_floats_print_the_shortest_decimal_that_reads_back_exactly(ty):
    """Every printed float rounds back to the same bits in its own format, and no digit could be
    dropped; no numpy type name leaks."""
    rng = np.random.default_rng(1)
    for x in list(rng.normal(0, 100, 50)) + [0.1, 1 / 3, 65504.0, 1e-7, 3.4e38]:
        bits = round_fraction(Fraction(float(x)), ty.name) if x >= 0 else None
        if bits is None:
            continue
        from irverify.smt.floats import bits_to_float

        v = bits_to_float(bits, ty) if ty.name != "f64" else float(x)
        if v in (float("inf"),):
            continue
        text = float_text(v, ty)
        assert "np." not in text and "float" not in text
        assert round_fraction(Fraction(text), ty.name) == bits, (ty, v, text)
        mantissa = re.sub(r"e.*$", "", text).replace("-", "").replace(".", "").strip("0")
        if len(mantissa) > 1 and ty.name != "f64":  # one digit fewer must not read back
            shorter = f"{v:.{len(mantissa) - 1}g}"
            assert round_fraction(Fraction(shorter), ty.name) != bits, (ty, v, text)


def test_bf16_prints_its_own_shortest_decimal():
    bits = round_fraction(Fraction(1, 10), "bf16")
    from irverify.smt.floats import bits_to_float

    v = bits_to_float(bits, BF16)
    assert v != 0.1 and float_text(v, BF16) == "0.1" and scalar_text(v, BF16) == "0.1 (0x3dcd)"
    assert float_text(np.float32(v), BF16) == "0.1"  # a bf16 tensor is held in float32


def test_numpy_scalars_print_plainly():
    assert element_text(np.float32(0.1)) == "0.1"
    assert element_text(np.int64(-3)) == "-3"
    assert element_text(np.bool_(True)) == "1"


def test_small_tensors_are_nested_lists_with_poison():
    a = np.arange(6, dtype=np.int8).reshape(2, 3)
    assert array_text(a, I8) == "[[0, 1, 2], [3, 4, 5]]"
    assert array_text(a, I8, poison=[[1, 2]]) == "[[0, 1, 2], [3, 4, poison]]"
    assert array_text(a - 3, I8, as_hex=True) == "[[0xfd, 0xfe, 0xff], [0x00, 0x01, 0x02]]"


def test_large_tensors_are_elided_around_the_differing_element():
    a = np.arange(128 * 128, dtype=np.int32).reshape(128, 128)
    a[77, 3] = -999
    text = array_text(a, I32, focus=[77, 3])
    assert "-999" in text and "[77, 0]: 9856, 9857, 9858, -999, 9860, 9861, 9862" in text
    assert text.startswith("[0, 1, 2, 3, 4, 5, 6, 7 ... ")
    assert text.endswith("[127, 124]: 16380, 16381, 16382, 16383] (16384 elements)")
    assert len(text) < 200
    # without a focus: head and tail only
    assert "-999" not in array_text(a, I32)
    # a window that reaches the tail merges with it
    b = np.zeros(MAX_PRINTED_ELEMENTS + 1, dtype=np.int32)
    b[-1] = 5
    assert array_text(b, I32, focus=[MAX_PRINTED_ELEMENTS]) == "[0, 0, 0, 0, 0, 0, 0, 0 ... [61]: 0, 0, 0, 5] (65 elements)"


def test_large_splats_print_as_one_value_with_their_sign():
    F32_ = FloatType("f32")
    assert array_text(np.full((11, 17), -0.0, np.float32), F32_) == "splat -0.0 (187 elements)"
    mixed = np.full((11, 17), -0.0, np.float32)
    mixed[3, 4] = 0.0  # equal as numbers, not as bits: no splat
    assert array_text(mixed, F32_).startswith("[-0.0, -0.0")
    assert array_text(np.full(100, 7, np.int32), I32) == "splat 7 (100 elements)"
    small = np.full(4, 7, np.int32)  # small tensors keep their nested form
    assert array_text(small, I32) == "[7, 7, 7, 7]"


def test_first_difference():
    s, t = np.zeros((3, 4), np.float32), np.zeros((3, 4), np.float32)
    assert first_difference(s, t) is None
    t[2, 1] = -0.0  # bit for bit: -0.0 differs from +0.0
    assert first_difference(s, t) == [2, 1]
    s[0, 0] = t[0, 0] = np.nan
    assert first_difference(s, t) == [2, 1]


def test_report_names_types_hex_and_poison():
    cex = Counterexample("value mismatch", scalars={"%lhs": -128, "%n": "poison"},
                         tensors={"%v": np.array([1, -2], np.int8)}, output="result #0",
                         source_value=-64, target_value="poison", arg_order=["%lhs", "%n", "%v"],
                         poison_inputs={"%n": True},
                         types={"%lhs": I8, "%n": I8, "%v": TensorType((2,), I8)}, value_type=I8)
    lines = render_counterexample(cex)
    assert "  %lhs : i8 = -128 (0x80)" in lines
    assert "  %n : i8 = poison" in lines
    assert "  %v : tensor<2xi8> = [1, -2]" in lines
    assert "    hex: [0x01, 0xfe]" in lines
    assert "Differing output: result #0 : i8" in lines
    assert "Source value: -64 (0xc0)" in lines and "Target value: poison" in lines


def test_confirmation_outputs_always_show_the_differing_element():
    s = np.zeros(1000, np.float32)
    t = s.copy()
    t[700] = 0.5
    cex = Counterexample("value mismatch", output="result #0", index=[700], source_value=0.0, target_value=0.5,
                         value_type=F32)
    fn = FunctionReport("f", Verdict.INCORRECT, cex,
                        confirmation=Confirmation(True, "IREE llvm-cpu", "result #0[700]: source 0.0, target 0.5",
                                                  s, t))
    lines = render_function(fn)
    [target] = [ln for ln in lines if ln.startswith("  target output:")]
    assert "[697]: 0.0, 0.0, 0.0, 0.5, 0.0" in target and "(1000 elements)" in target
