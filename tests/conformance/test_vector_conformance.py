"""Conformance of ``arith`` on fixed-size vectors with IREE llvm-cpu: irverify evaluates the
vector function; IREE runs its tensor form (``executable_text``: IREE's entry points take no
vectors, and elementwise ops mean the same on both). Integers exactly, floats bitwise."""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.confirm import executable_text
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

TEXT = """
func.func @f(%x: vector<8xi32>, %y: vector<8xi32>, %a: vector<2x4xf32>) -> (vector<8xi32>, vector<8xi1>, vector<2x4xf32>) {
  %0 = arith.muli %x, %y : vector<8xi32>
  %1 = arith.maxsi %0, %x : vector<8xi32>
  %c = arith.cmpi ult, %x, %y : vector<8xi32>
  %h = arith.constant dense<0.5> : vector<2x4xf32>
  %m = arith.mulf %a, %h : vector<2x4xf32>
  %n = arith.negf %m : vector<2x4xf32>
  return %1, %c, %n : vector<8xi32>, vector<8xi1>, vector<2x4xf32>
}
"""


def test_vector_arith_matches_iree():
    module = parse_mlir(TEXT, "v.mlir")
    assert "vector<" not in executable_text(module) and "vector<" in module.text
    rng = np.random.default_rng(9)
    calls = []
    for _ in range(4):
        x = rng.integers(-2**31, 2**31, 8, dtype=np.int64).astype(np.int32)
        y = rng.integers(-2**31, 2**31, 8, dtype=np.int64).astype(np.int32)
        a = rng.uniform(-100, 100, (2, 4)).astype(np.float32)
        calls.append(("f", [x, y, a]))
    runs = run_functions(executable_text(module), calls)
    for (_, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, "f", args, fp_name="ieee")
        assert ev.ub == []
        assert np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0]))
        assert np.array_equal(np.asarray(ev.outputs[1]).astype(bool), np.asarray(theirs[1]).astype(bool))
        ours, real = np.asarray(ev.outputs[2], np.float32), np.asarray(theirs[2], np.float32)
        assert np.array_equal(ours.view(np.uint32), real.view(np.uint32))
