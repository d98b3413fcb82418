"""Conformance with IREE llvm-cpu of IREE's ``util`` function ops: ``util.func``, ``util.call``
and ``util.return``. A public ``util.func`` calls a private one twice (results used crosswise)
and returns a dynamic tensor and a scalar; irverify's evaluation must equal IREE's exactly on
random extents and values, including wrapping i32 arithmetic."""

from __future__ import annotations

import random

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

TEXT = """
util.func private @callee(%a: tensor<?xi32>, %b: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %s = arith.addi %a, %b : tensor<?xi32>
  %p = arith.muli %s, %a : tensor<?xi32>
  util.return %p, %s : tensor<?xi32>, tensor<?xi32>
}
util.func private @scalar(%x: i32, %y: i32) -> i32 {
  %d = arith.subi %x, %y : i32
  util.return %d : i32
}
util.func public @caller(%a: tensor<?xi32>, %b: tensor<?xi32>, %x: i32, %y: i32) -> (tensor<?xi32>, tensor<?xi32>, i32) {
  %p, %s = util.call @callee(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  %q, %t = util.call @callee(%s, %p) : (tensor<?xi32>, tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  %d = util.call @scalar(%x, %y) : (i32, i32) -> i32
  util.return %q, %t, %d : tensor<?xi32>, tensor<?xi32>, i32
}
"""


def test_util_call_matches_iree():
    rng = random.Random(2026)
    extremes = [0, 1, -1, 2**31 - 1, -2**31, 65536, -65537]
    all_args = []
    for n in (0, 1, 4, 13, 31):
        a = np.array([rng.choice(extremes + [rng.randint(-2**31, 2**31 - 1)]) for _ in range(n)], np.int32)
        b = np.array([rng.choice(extremes + [rng.randint(-2**31, 2**31 - 1)]) for _ in range(n)], np.int32)
        all_args.append([a, b, np.int32(rng.choice(extremes)), np.int32(rng.randint(-2**31, 2**31 - 1))])
    runs = run_functions(TEXT, [("caller", args) for args in all_args])
    module = parse_mlir(TEXT, "util.mlir")
    compared = 0
    for args, theirs in zip(all_args, runs):
        assert not isinstance(theirs, ExecutionError), f"IREE failed: {theirs}"
        ev = evaluate_function(module, "caller", args, fp_name="ieee")
        assert ev.ub == [] and len(ev.outputs) == 3
        assert np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0]))
        assert np.array_equal(np.asarray(ev.outputs[1]), np.asarray(theirs[1]))
        assert int(ev.outputs[2]) == int(np.asarray(theirs[2]))
        compared += args[0].size
    assert compared == 49


NARROW = """
func.func @f(%x: tensor<3xf32>, %y: i32) -> (tensor<3xf32>, i32) {
  %0 = util.numeric.optional_narrow %x : tensor<3xf32> as si8 <min_value = -39 : si8, max_value = 127 : si8>
  %1 = util.numeric.optional_narrow %y : i32 as ui7
  %2 = arith.addi %1, %1 : i32
  return %0, %2 : tensor<3xf32>, i32
}
"""


def test_optional_narrow_matches_iree():
    """``util.numeric.optional_narrow`` is a placeholder: IREE's input legalization rejects it,
    and its own ``iree-global-opt-cleanup-numeric-narrowing`` removes it before execution. The
    module IREE runs is the one that pass leaves; irverify evaluates the original, with values
    inside and outside the claimed range (the claim is not a runtime check)."""
    import subprocess

    cleaned = subprocess.run(["iree-opt", "--iree-global-opt-cleanup-numeric-narrowing", "-"], input=NARROW,
                             capture_output=True, text=True, check=True).stdout
    assert "optional_narrow" not in cleaned
    module = parse_mlir(NARROW, "narrow.mlir")
    rng = np.random.default_rng(4)
    calls = [("f", [rng.uniform(-300, 300, 3).astype(np.float32), np.int32(rng.integers(-1000, 1000))]) for _ in range(4)]
    runs = run_functions(cleaned, calls)
    for (_, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, "f", args, fp_name="ieee")
        assert ev.ub == []
        assert np.array_equal(np.asarray(ev.outputs[0]).view(np.uint32), np.asarray(theirs[0]).view(np.uint32))
        assert int(np.asarray(ev.outputs[1])) == int(np.asarray(theirs[1]))
