"""Conformance of the ``math`` dialect with IREE llvm-cpu.

* Exact ops: ``math.absf``, ``math.copysign`` (every bit-level model), ``math.sqrt`` and the
  roundings ``floor``/``ceil``/``round``/``roundeven`` (IEEE) are evaluated by irverify
  and must equal IREE's results bitwise on special and random values (NaN compared as NaN).
* Uninterpreted functions: irverify treats ``math.F`` and ``linalg.elementwise <F>`` as the same
  function of the operand. IREE must agree: both forms of every shared function give bitwise
  equal results on the same inputs, and irverify proves the two forms equivalent.
"""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

SHARED = ["exp", "log", "sqrt", "rsqrt", "tanh", "erf", "ceil", "floor", "round"]
T = "tensor<?xf32>"

EXACT = f"""
func.func @exact(%a: {T}, %b: {T}) -> ({T}, {T}, {T}) {{
  %0 = math.absf %a : {T}
  %1 = math.sqrt %a : {T}
  %2 = math.copysign %a, %b : {T}
  return %0, %1, %2 : {T}, {T}, {T}
}}
"""


ROUNDINGS = ["floor", "ceil", "round", "roundeven"]  # IREE llvm-cpu does not link math.trunc (truncf)
ROUNDING_TEXT = f"""
func.func @roundings(%a: {T}) -> ({T}, {T}, {T}, {T}) {{
""" + "".join(f"  %{k} = math.{fn} %a : {T}\n" for k, fn in enumerate(ROUNDINGS)) + f"""  return %0, %1, %2, %3 : {T}, {T}, {T}, {T}
}}
"""


def _pair_text(fn: str) -> str:
    return f"""
func.func @both_{fn}(%a: {T}) -> ({T}, {T}) {{
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : {T}
  %e = tensor.empty(%n) : {T}
  %0 = math.{fn} %a : {T}
  %1 = linalg.elementwise <{fn}> ins(%a : {T}) outs(%e : {T}) -> {T}
  return %0, %1 : {T}, {T}
}}
"""


def _srctgt(fn: str) -> str:
    return f"""
func.func @src(%a: {T}) -> {T} {{
  %0 = math.{fn} %a : {T}
  return %0 : {T}
}}
func.func @tgt(%a: {T}) -> {T} {{
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : {T}
  %e = tensor.empty(%n) : {T}
  %1 = linalg.elementwise <{fn}> ins(%a : {T}) outs(%e : {T}) -> {T}
  return %1 : {T}
}}
"""


def _inputs() -> np.ndarray:
    rng = np.random.default_rng(7)
    special = [0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -2.5, 1e30, -1e30, np.inf, -np.inf, np.nan, 4.0, 1e-30]
    return np.concatenate([np.array(special, np.float32), rng.uniform(-50, 50, 40).astype(np.float32)])


def _same(a, b) -> bool:
    a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
    return bool(np.all((a.view(np.uint32) == b.view(np.uint32)) | (np.isnan(a) & np.isnan(b))))


def test_absf_sqrt_and_copysign_are_exact():
    x = _inputs()
    y = -x[::-1]  # every sign against every kind of value, NaN (negative here) included
    (theirs,) = run_functions(EXACT, [("exact", [x, y])])
    assert not isinstance(theirs, ExecutionError), theirs
    ev = evaluate_function(parse_mlir(EXACT, "m.mlir"), "exact", [x, y], fp_name="ieee")
    assert ev.ub == []
    mine = np.asarray(ev.outputs[2], np.float32)
    assert np.array_equal(np.signbit(mine), np.signbit(np.asarray(theirs[2], np.float32)))
    assert _same(mine, theirs[2])  # the abstract model shares BitsTheory.copysign
    finite = np.isfinite(np.asarray(theirs[1])) & (np.abs(np.asarray(theirs[1])) >= np.finfo(np.float32).tiny)
    assert _same(ev.outputs[0], theirs[0])
    # IREE flushes subnormals: compare sqrt where the result is normal, NaN or infinite.
    mask = finite | ~np.isfinite(np.asarray(theirs[1])) | (np.asarray(theirs[1]) == 0)
    assert _same(np.asarray(ev.outputs[1])[mask], np.asarray(theirs[1])[mask]) and mask.sum() > 40


def test_math_and_elementwise_forms_are_one_function_on_iree():
    x = _inputs()
    text = "\n".join(_pair_text(fn) for fn in SHARED)
    runs = run_functions(text, [(f"both_{fn}", [x]) for fn in SHARED])
    for fn, theirs in zip(SHARED, runs):
        assert not isinstance(theirs, ExecutionError), f"{fn}: {theirs}"
        assert _same(theirs[0], theirs[1]), f"math.{fn} and linalg.elementwise <{fn}> differ on IREE"


@pytest.mark.parametrize("fn", SHARED)
def test_irverify_proves_the_two_forms_equal(fn):
    module = parse_mlir(_srctgt(fn), "m.mlir")
    report = check_modules(module, None, Options(confirm=False))
    assert report.verdict.value == "correct", report.to_json()


def test_different_functions_are_not_proved_equal():
    text = _srctgt("exp").replace("<exp>", "<log>")
    report = check_modules(parse_mlir(text, "m.mlir"), None, Options(confirm=False))
    assert report.verdict.value != "correct"


def test_roundings_are_exact_under_ieee():
    """IEEE roundToIntegral: halfway cases away from zero (``round``) or to even
    (``roundeven``), signed zeros kept, NaN and infinities through."""
    x = np.concatenate([_inputs(), np.array([-0.5, 1.5, -1.5, 0.49999997, -0.49999997, 8388609.0, -0.75, 3.5],
                                            np.float32)])
    (theirs,) = run_functions(ROUNDING_TEXT, [("roundings", [x])])
    assert not isinstance(theirs, ExecutionError), theirs
    ev = evaluate_function(parse_mlir(ROUNDING_TEXT, "m.mlir"), "roundings", [x], fp_name="ieee")
    assert ev.ub == []
    for fn, mine, got in zip(ROUNDINGS, ev.outputs, theirs):
        assert _same(mine, got), f"math.{fn}: irverify {mine!r} vs IREE {got!r}"
