"""Conformance with IREE llvm-cpu of ``util.align``: irverify's evaluation equals IREE's exactly on
random ``i32`` and ``i64`` values (wrapping near the top of the range included) and every
power-of-two alignment, given as an argument (so IREE cannot fold it)."""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

TEXT = """
func.func @align_i32(%x: i32, %a: i32) -> i32 {
  %r = util.align %x, %a : i32
  return %r : i32
}
func.func @align_i64(%x: i64, %a: i64) -> i64 {
  %r = util.align %x, %a : i64
  return %r : i64
}
"""


def test_align_matches_iree():
    rng = np.random.default_rng(5)
    calls = []
    for k in range(31):
        x = np.int32(rng.integers(-2**31, 2**31)) if k % 3 else np.int32(2**31 - 1 - int(rng.integers(0, 64)))
        calls.append(("align_i32", [x, np.int32(1 << (k % 12))]))
        calls.append(("align_i64", [np.int64(rng.integers(-2**62, 2**62)), np.int64(1 << (k % 40))]))
    runs = run_functions(TEXT, calls)
    module = parse_mlir(TEXT, "util.mlir")
    for (name, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert ev.ub == [] and not any(u is not None and np.any(u) for u in ev.undefined), (name, args)
        assert int(ev.outputs[0]) == int(np.asarray(theirs[0])), (name, args, ev.outputs[0], theirs)


def test_an_alignment_that_is_not_a_power_of_two_gives_poison():
    module = parse_mlir(TEXT, "util.mlir")
    for a in (0, 3, 12, -1):
        ev = evaluate_function(module, "align_i32", [np.int32(7), np.int32(a)], fp_name="ieee")
        assert ev.ub == [] and ev.undefined[0] is not None and bool(np.all(ev.undefined[0])), a
    ev = evaluate_function(module, "align_i32", [np.int32(7), np.int32(8)], fp_name="ieee")
    assert int(ev.outputs[0]) == 8 and not (ev.undefined[0] is not None and np.any(ev.undefined[0]))
