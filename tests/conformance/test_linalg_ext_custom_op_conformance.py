"""Conformance of ``iree_linalg_ext.custom_op`` (``irverify/semantics/linalg_ext.py``).

IREE 3.13 llvm-cpu does not compile a ``custom_op`` (its bufferized form fails the op's
verifier: operands must be tensors), so the op cannot be run directly. Its documented meaning is
its region applied to its operands: irverify's evaluation of a ``custom_op`` function (block
arguments more dynamic than the operands, a static result type, a reduction, a value captured
from above) is compared with IREE executing the same function with the region inlined.
``test_iree_rejects_custom_op`` fails when IREE starts compiling the op: then compare directly."""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

BODY = """
    %s = arith.constant 3 : i32
    %1 = linalg.generic {
        indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
        iterator_types = ["parallel", "reduction"]}
        ins(%B0 : tensor<?x?xi32>) outs(%B1 : tensor<?xi32>) {
      ^bb1(%x : i32, %acc : i32):
        %m = arith.muli %x, %s : i32
        %2 = arith.addi %m, %acc : i32
        %3 = arith.xori %2, %k : i32
        linalg.yield %3 : i32
    } -> tensor<?xi32>
"""

CUSTOM = """
func.func @f(%arg0 : tensor<3x5xi32>, %arg1 : tensor<3xi32>, %k : i32) -> tensor<3xi32> {
  %0 = iree_linalg_ext.custom_op {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
      iterator_types = [#iree_linalg_ext.iterator_type<parallel>, #iree_linalg_ext.iterator_type<reduction>]}
      ins(%arg0 : tensor<3x5xi32>) outs(%arg1 : tensor<3xi32>) {
    ^bb0(%B0 : tensor<?x?xi32>, %B1 : tensor<?xi32>):
""" + BODY + """
      iree_linalg_ext.yield %1 : tensor<?xi32>
  } -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
"""

INLINED = """
func.func @f(%arg0 : tensor<3x5xi32>, %arg1 : tensor<3xi32>, %k : i32) -> tensor<3xi32> {
  %B0 = tensor.cast %arg0 : tensor<3x5xi32> to tensor<?x?xi32>
  %B1 = tensor.cast %arg1 : tensor<3xi32> to tensor<?xi32>
""" + BODY + """
  %0 = tensor.cast %1 : tensor<?xi32> to tensor<3xi32>
  return %0 : tensor<3xi32>
}
"""


@pytest.mark.slow  # compiles a module (tens of seconds on 2 cores)
def test_custom_op_matches_iree_running_its_region():
    module = parse_mlir(CUSTOM, "custom.mlir")
    rng = np.random.default_rng(17)
    calls = []
    for _ in range(4):
        a = rng.integers(-2**31, 2**31, (3, 5), dtype=np.int64).astype(np.int32)
        b = rng.integers(-2**31, 2**31, 3, dtype=np.int64).astype(np.int32)
        k = np.int32(rng.integers(-2**31, 2**31))
        calls.append(("f", [a, b, k]))
    runs = run_functions(INLINED, calls)
    for (_, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, "f", args, fp_name="ieee")
        assert ev.ub == []
        assert np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0]))


@pytest.mark.slow  # runs the compiler (tens of seconds on 2 cores)
def test_iree_rejects_custom_op():
    a, b = np.zeros((3, 5), np.int32), np.zeros(3, np.int32)
    (out,) = run_functions(CUSTOM, [("f", [a, b, np.int32(0)])])
    assert isinstance(out, ExecutionError) and "custom_op" in str(out)
