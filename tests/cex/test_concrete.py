"""Reproducing abstract-float counterexamples by concrete evaluation (``irverify.cex.concrete``):
every float operation and conversion rounds as IEEE does, so an op whose real and IEEE results
differ (a ``truncf`` of a constant, an overflow) shows no difference that execution would not."""

from __future__ import annotations

import numpy as np

from irverify.cex.concrete import reproduce
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.verdict import Counterexample

# Equal in IEEE (both truncations give the same f32, so the scaled difference is +0), while over
# unrounded reals the source adds (3.00000012 - 3.00000035) * 1e8 = -23 to x.
TRUNCF_OF_CONSTANTS = """
func.func @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = arith.constant dense<3.00000012> : tensor<4xf64>
  %b = arith.constant dense<3.00000035> : tensor<4xf64>
  %ta = arith.truncf %a : tensor<4xf64> to tensor<4xf32>
  %tb = arith.truncf %b : tensor<4xf64> to tensor<4xf32>
  %d = arith.subf %ta, %tb : tensor<4xf32>
  %k = arith.constant dense<1.0e+08> : tensor<4xf32>
  %m = arith.mulf %d, %k : tensor<4xf32>
  %r = arith.addf %m, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %r = arith.addf %x, %z : tensor<4xf32>
  return %r : tensor<4xf32>
}
"""

# Different in IEEE: 70000 overflows f16 to inf, so the source is inf where the target is finite.
TRUNCF_OVERFLOW = """
func.func @src(%x: tensor<4xf16>) -> tensor<4xf16> {
  %a = arith.constant dense<70000.0> : tensor<4xf32>
  %t = arith.truncf %a : tensor<4xf32> to tensor<4xf16>
  %r = arith.addf %t, %x : tensor<4xf16>
  return %r : tensor<4xf16>
}
func.func @tgt(%x: tensor<4xf16>) -> tensor<4xf16> {
  %a = arith.constant dense<6.0e+04> : tensor<4xf16>
  %r = arith.addf %a, %x : tensor<4xf16>
  return %r : tensor<4xf16>
}
"""


def _reproduce(text: str, dtype, budget_s: float = 60.0) -> str | None:
    m = parse_mlir(text, "pair.mlir")
    name = m.functions["src"].args[0].name
    cex = Counterexample("value mismatch", tensors={name: np.zeros(4, dtype)}, output="result #0")
    return reproduce(m, m.functions["src"], m, m.functions["tgt"], cex, budget_s)


def test_truncf_of_constants_is_not_a_difference():
    assert _reproduce(TRUNCF_OF_CONSTANTS, np.float32) is None


def test_rounding_differences_that_execution_has_are_reproduced():
    evidence = _reproduce(TRUNCF_OVERFLOW, np.float16)
    assert evidence is not None and "source inf" in evidence


def test_reproduction_stops_at_its_cpu_budget():
    """The element-by-element evaluation gives up (no evidence) once its CPU budget is spent,
    so a large output cannot hold a check far beyond ``--timeout``."""
    assert _reproduce(TRUNCF_OVERFLOW, np.float16, budget_s=0.0) is None


def test_numeric_division_by_zero_is_ieee():
    """A 0 / 0 in the rounded-real evaluation (exp underflowing in a naive softmax) is NaN and
    x / ±0 an infinity, as IEEE divides; the evaluation does not stop there."""
    import math

    import z3

    from irverify.smt.terms import numeric_eval

    x = z3.Real("x")
    for a, b, want in ((0.0, 0.0, "nan"), (2.0, 0.0, "inf"), (-2.0, 0.0, "-inf"), (3.0, 2.0, "1.5")):
        got = numeric_eval(z3.substitute(x / z3.RealVal(b), (x, z3.RealVal(a))), {})
        assert (math.isnan(got) if want == "nan" else got == float(want)), (a, b, got)


# Integers and booleans computed from floats: fptosi (in range, negative, out of range, NaN),
# fptoui of a negative value, cmpf ordered and unordered.
FLOAT_TO_INT = """
func.func @f(%x: tensor<6xf32>) -> (tensor<6xi8>, tensor<6xi8>, tensor<6xi1>, tensor<6xi1>) {
  %e = tensor.empty() : tensor<6xi8>
  %s = arith.fptosi %x : tensor<6xf32> to tensor<6xi8>
  %u = arith.fptoui %x : tensor<6xf32> to tensor<6xi8>
  %h = arith.constant dense<0.5> : tensor<6xf32>
  %c = arith.cmpf olt, %x, %h : tensor<6xf32>
  %d = arith.cmpf ult, %x, %h : tensor<6xf32>
  return %s, %u, %c, %d : tensor<6xi8>, tensor<6xi8>, tensor<6xi1>, tensor<6xi1>
}
"""


def test_rounded_real_evaluates_integers_and_booleans_computed_from_floats():
    """Under ``rounded-real`` (random-input evaluation) a conversion to an integer truncates
    toward zero and is poison where the value does not fit, as under exact IEEE floats; a
    comparison is decided. (Its rounding functions are opaque to z3: these results used to stay
    unevaluated, all masked as poison, and a target's stale element beside them went unseen.)"""
    from irverify.cex.concrete import NUMERIC, _rounding
    from irverify.verify.evaluate import evaluate_function

    m = parse_mlir(FLOAT_TO_INT, "f.mlir")
    x = np.array([2.75, -3.5, 300.0, 0.25, np.nan, -0.75], np.float32)
    ieee = evaluate_function(m, "f", [x], fp_name="ieee", interpret={**NUMERIC, **_rounding()})
    real = evaluate_function(m, "f", [x], fp_name="rounded-real", interpret={**NUMERIC, **_rounding()})
    masks = [np.zeros(6, bool) if u is None else np.asarray(u) for u in real.undefined]
    assert masks[0].tolist() == [False, False, True, False, True, False]  # 300 and NaN do not fit i8
    assert masks[1].tolist() == [False, True, True, False, True, False]  # nor -3.5 in ui8 (-0.75 -> 0 does)
    assert not masks[2].any() and not masks[3].any()
    assert np.asarray(real.outputs[0])[~masks[0]].tolist() == [2, -3, 0, 0]
    assert np.asarray(real.outputs[1])[~masks[1]].tolist() == [2, 0, 0]
    assert np.asarray(real.outputs[2]).tolist() == [False, True, False, True, False, True]
    assert np.asarray(real.outputs[3]).tolist() == [False, True, False, True, True, True]  # NaN: unordered
    for k in range(4):
        ieee_mask = np.zeros(6, bool) if ieee.undefined[k] is None else np.asarray(ieee.undefined[k])
        assert ieee_mask.tolist() == masks[k].tolist()
        assert np.asarray(ieee.outputs[k])[~ieee_mask].tolist() == np.asarray(real.outputs[k])[~masks[k]].tolist()
