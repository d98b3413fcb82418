"""Conformance of ``ub.poison`` with IREE llvm-cpu: a poison value is undefined everywhere, and
selecting away from it leaves a defined result equal to IREE's.

``@pick`` selects between a poison tensor (or scalar) and an argument on a runtime condition;
irverify's evaluation must mark every element undefined exactly when the poison side is
selected, and agree with IREE's output on every other call. (IREE 3.13 fails to compile a
``tensor.pad`` whose padding value is ``ub.poison`` at the host level: "failed to legalize
unresolved materialization from ('i64') to ('index')".)
"""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

MODULE = r"""
func.func @pick(%c: i1, %x: tensor<4xi32>, %y: i32) -> (tensor<4xi32>, i32) {
  %p = ub.poison : tensor<4xi32>
  %q = ub.poison : i32
  %r = arith.select %c, %p, %x : tensor<4xi32>
  %s = arith.select %c, %q, %y : i32
  return %r, %s : tensor<4xi32>, i32
}
"""


@pytest.mark.slow  # IREE's compilation takes about 2 s; tests/semantics and testdata/litmus/ub are the fast sample
def test_poison_is_undefined_and_the_rest_matches_iree():
    rng = np.random.default_rng(5)
    calls = []
    for k in range(6):
        x = rng.integers(-1000, 1000, 4).astype(np.int32)
        calls.append(("pick", [np.bool_(k % 2 == 0), x, np.int32(rng.integers(-9, 9))]))
    module = parse_mlir(MODULE, "ub.mlir")
    runs = run_functions(MODULE, calls)
    for (name, args), run in zip(calls, runs):
        assert not isinstance(run, ExecutionError), run
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert ev.ub == []
        poisoned = bool(args[0])
        for out, mask, theirs in zip(ev.outputs, ev.undefined, run):
            undefined = np.zeros(np.shape(theirs), bool) if mask is None else np.asarray(mask)
            assert undefined.all() if poisoned else not undefined.any()
            if not poisoned:
                assert np.array_equal(np.asarray(out), np.asarray(theirs))
