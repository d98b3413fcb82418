"""Conformance of ``iree_linalg_ext.gather`` and ``iree_linalg_ext.scatter`` with IREE llvm-cpu.

Random extents, values and in-bounds indices; irverify's evaluation must equal IREE's outputs
exactly. ``@gather`` reads rows picked by two index columns (``dimension_map = [1, 0]``);
``@scatter_unique`` overwrites distinct rows (``unique_indices(true)``, a yielded update);
``@scatter_add`` adds rows at repeated indices (``unique_indices(false)``, an ``addi``
combiner); ``@scatter_implicit`` has indices without a depth dimension. Inputs with an index out
of bounds must be reported as UB by irverify (they are not run).
"""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

MODULE = r"""
func.func @gather(%src: tensor<?x?x3xi32>, %idx: tensor<4x2xi32>) -> tensor<4x3xi32> {
  %e = tensor.empty() : tensor<4x3xi32>
  %r = iree_linalg_ext.gather dimension_map = [1, 0] ins(%src, %idx : tensor<?x?x3xi32>, tensor<4x2xi32>) outs(%e : tensor<4x3xi32>) -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}
func.func @scatter_unique(%upd: tensor<3x4xi32>, %idx: tensor<3x1xi32>, %orig: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins(%upd, %idx : tensor<3x4xi32>, tensor<3x1xi32>) outs(%orig : tensor<?x4xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<?x4xi32>
  return %r : tensor<?x4xi32>
}
func.func @scatter_add(%upd: tensor<4x2xi32>, %idx: tensor<4x1xi64>, %orig: tensor<?x2xi32>) -> tensor<?x2xi32> {
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%upd, %idx : tensor<4x2xi32>, tensor<4x1xi64>) outs(%orig : tensor<?x2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.addi %a, %b : i32
    iree_linalg_ext.yield %c : i32
  } -> tensor<?x2xi32>
  return %r : tensor<?x2xi32>
}
func.func @scatter_implicit(%upd: tensor<2x3xi32>, %idx: tensor<2xi32>, %orig: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins(%upd, %idx : tensor<2x3xi32>, tensor<2xi32>) outs(%orig : tensor<?x3xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.subi %a, %b : i32
    iree_linalg_ext.yield %c : i32
  } -> tensor<?x3xi32>
  return %r : tensor<?x3xi32>
}
"""


def ints(rng, *shape):
    return rng.integers(-1000, 1000, size=shape).astype(np.int32)


def cases(rng, count):
    out = []
    for c in range(count):
        bad = c % 5 == 4
        n0, n1 = int(rng.integers(1, 6)), int(rng.integers(1, 6))
        idx = np.stack([rng.integers(0, n1, 4), rng.integers(0, n0, 4)], 1).astype(np.int32)
        if bad:
            idx[1, 0] = n1
        out.append(("gather", [ints(rng, n0, n1, 3), idx], bad))
        n = int(rng.integers(3, 7))
        rows = rng.permutation(n)[:3].reshape(3, 1).astype(np.int32)
        if bad:
            rows[2, 0] = -1
        out.append(("scatter_unique", [ints(rng, 3, 4), rows, ints(rng, n, 4)], bad))
        n = int(rng.integers(1, 4))
        out.append(("scatter_add", [ints(rng, 4, 2), rng.integers(0, n, (4, 1)).astype(np.int64), ints(rng, n, 2)], False))
        n = int(rng.integers(2, 5))
        out.append(("scatter_implicit", [ints(rng, 2, 3), rng.permutation(n)[:2].astype(np.int32), ints(rng, n, 3)], False))
    return out


def check(count, seed):
    module = parse_mlir(MODULE, "gather_scatter.mlir")
    calls = cases(np.random.default_rng(seed), count)
    evs = [evaluate_function(module, name, args, fp_name="ieee") for name, args, _ in calls]
    for (name, args, bad), ev in zip(calls, evs):
        assert bool(ev.ub) == bad, (name, args, ev.ub)
    runnable = [(c, ev) for c, ev in zip(calls, evs) if not c[2]]
    runs = run_functions(MODULE, [(name, args) for (name, args, _), _ in runnable])
    for ((name, args, _), ev), run in zip(runnable, runs):
        assert not isinstance(run, ExecutionError), run
        assert ev.undefined[0] is None or not np.asarray(ev.undefined[0]).any()
        assert np.array_equal(np.asarray(ev.outputs[0]), run[0]), (name, args, ev.outputs[0], run[0])


# IREE's compilation alone takes a few seconds: slow set; the fast sample is
# tests/semantics/test_linalg_ext_gather_scatter.py and testdata/litmus/linalg_ext.
@pytest.mark.slow
@pytest.mark.parametrize("count,seed", [(5, 1), (25, 2)])
def test_gather_and_scatter_match_iree(count, seed):
    check(count, seed)
