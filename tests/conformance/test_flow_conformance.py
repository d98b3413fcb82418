"""Conformance with IREE llvm-cpu of ``flow.dispatch.region`` (modelled by its body) and
``util.optimization_barrier`` (its operands): irverify's evaluation equals IREE's exactly on
random extents and i32 values, wrapping arithmetic included."""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

# IREE compiles dispatch regions of static shapes only when the region captures a tensor (a
# captured dynamic extent fails its shape cleanup); one function per extent.
SIZES = (1, 4, 9)
TEMPLATE = """
util.func public @f{n}(%x: tensor<{n}x3xi32>, %y: tensor<{n}x3xi32>, %s: i32) -> (tensor<{n}x3xi32>, i32) {{
  %c2 = arith.constant 2 : index
  %b = util.optimization_barrier %y : tensor<{n}x3xi32>
  %r = flow.dispatch.region[%c2] -> (tensor<{n}x3xi32>) {{
    %0 = arith.muli %x, %b : tensor<{n}x3xi32>
    %1 = arith.subi %0, %x : tensor<{n}x3xi32>
    flow.return %1 : tensor<{n}x3xi32>
  }} count(%w: index) -> (index, index, index) {{
    %c1 = arith.constant 1 : index
    flow.return %w, %c1, %c1 : index, index, index
  }}
  %t = util.optimization_barrier %s : i32
  %u = arith.addi %t, %s : i32
  util.return %r, %u : tensor<{n}x3xi32>, i32
}}
"""
TEXT = "\n".join(TEMPLATE.format(n=n) for n in SIZES)


def test_dispatch_region_and_barrier_match_iree():
    rng = np.random.default_rng(11)
    calls = []
    for n in SIZES:
        x = rng.integers(-2**31, 2**31, (n, 3), dtype=np.int64).astype(np.int32)
        y = rng.integers(-2**31, 2**31, (n, 3), dtype=np.int64).astype(np.int32)
        calls.append((f"f{n}", [x, y, np.int32(rng.integers(-2**31, 2**31))]))
    runs = run_functions(TEXT, calls)
    module = parse_mlir(TEXT, "flow.mlir")
    for (name, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert ev.ub == []
        assert np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0]))
        assert int(ev.outputs[1]) == int(np.asarray(theirs[1]))


LOAD_TEXT = """
func.func @load(%t: tensor<3x?xi32>, %i: index, %j: index) -> (i32, i1) {
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c1 : tensor<3x?xi32>
  %v = flow.tensor.load %t[%i, %j] : tensor<3x?xi32>{%d}
  %bi = arith.cmpi sgt, %v, %v : i32
  return %v, %bi : i32, i1
}
"""


def test_flow_tensor_load_matches_iree():
    """``flow.tensor.load``: the element at in-bounds positions of a tensor with a dynamic dim;
    positions outside it are UB for irverify (not run)."""
    import numpy as np

    from irverify.frontends.mlir.parse import parse_mlir
    from irverify.verify.evaluate import evaluate_function

    module = parse_mlir(LOAD_TEXT, "load.mlir")
    rng = np.random.default_rng(3)
    calls, ub = [], 0
    for _ in range(12):
        n = int(rng.integers(1, 5))
        args = [rng.integers(-1000, 1000, (3, n)).astype(np.int32), int(rng.integers(0, 4)), int(rng.integers(0, n + 1))]
        ev = evaluate_function(module, "load", args, fp_name="ieee")
        if ev.ub:
            ub += 1
            assert args[1] >= 3 or args[2] >= n
            continue
        calls.append((args, ev))
    assert len(calls) >= 3 and ub >= 1
    runs = run_functions(LOAD_TEXT, [("load", a) for a, _ in calls])
    for (args, ev), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        assert int(np.asarray(ev.outputs[0])) == int(np.asarray(theirs[0])) == int(args[0][args[1], args[2]])
