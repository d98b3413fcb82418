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


# vector.broadcast / vector.extract, run as a dispatch kernel (tests/conformance/dispatch_cases.py):
# scalars loaded from a binding are broadcast (a scalar to a vector, a vector to more leading
# dims, a unit dim stretched), combined with a constant vector so that elements differ, and
# every element of the results is extracted (scalars and sub-vectors) and stored.
BROADCAST_EXTRACT = ([("a", "memref<4xi32>"), ("o", "memref<2x3x4xi32>")], [], """
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = memref.load %a[%c0] : memref<4xi32>
  %y = memref.load %a[%c1] : memref<4xi32>
  %z = memref.load %a[%c2] : memref<4xi32>
  %ramp = arith.constant dense<[1, 10, 100, 1000]> : vector<4xi32>
  %col = arith.constant dense<[[3], [5], [7]]> : vector<3x1xi32>
  %bx = vector.broadcast %x : i32 to vector<4xi32>
  %v = arith.muli %bx, %ramp : vector<4xi32>
  %by = vector.broadcast %y : i32 to vector<3x1xi32>
  %w = arith.addi %by, %col : vector<3x1xi32>
  %v3 = vector.broadcast %v : vector<4xi32> to vector<2x3x4xi32>
  %w3 = vector.broadcast %w : vector<3x1xi32> to vector<2x3x4xi32>
  %bz = vector.broadcast %z : i32 to vector<2x3x4xi32>
  %s0 = arith.addi %v3, %w3 : vector<2x3x4xi32>
  %s = arith.muli %s0, %bz : vector<2x3x4xi32>
  %zero = arith.constant 0 : i32
  %u = vector.broadcast %zero : i32 to vector<i32>
  %u1 = vector.broadcast %u : vector<i32> to vector<4xi32>
  %t = arith.addi %s, %s : vector<2x3x4xi32>
""" + "".join(
    f"  %row{i}{j} = vector.extract %{'s' if i == 0 else 't'}[{i}, {j}] : vector<4xi32> from vector<2x3x4xi32>\n"
    f"  %rowu{i}{j} = arith.addi %row{i}{j}, %u1 : vector<4xi32>\n"
    + "".join(f"  %e{i}{j}{k} = vector.extract %rowu{i}{j}[{k}] : i32 from vector<4xi32>\n"
              f"  memref.store %e{i}{j}{k}, %o[%c{i}, %c{j}, %c{k}] : memref<2x3x4xi32>\n" for k in range(4))
    for i in range(2) for j in range(3)))


@pytest.mark.slow  # compiles a dispatch (tens of seconds on 2 cores)
def test_vector_broadcast_extract_match_iree():
    from irverify.execute.iree import run_host_module
    from tests.conformance import dispatch_cases

    module = parse_mlir(dispatch_cases.function_text("f", BROADCAST_EXTRACT), "bx.mlir")
    rng = np.random.default_rng(11)
    calls, evals = [], []
    for _ in range(4):
        a = rng.integers(-1000, 1000, 4).astype(np.int32)
        o = rng.integers(-1000, 1000, (2, 3, 4)).astype(np.int32)
        ev = evaluate_function(module, "f", [a, o], fp_name="ieee")
        assert ev.ub == []
        calls.append(("main", [a, o.reshape(-1)]))
        evals.append(ev)
    runs = run_host_module(dispatch_cases.host_text(BROADCAST_EXTRACT), calls)
    for ev, theirs in zip(evals, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ours = np.asarray(ev.outputs[1])
        assert ev.undefined[1] is None or not ev.undefined[1].any()
        assert np.array_equal(ours, np.asarray(theirs[1]).reshape(2, 3, 4))
