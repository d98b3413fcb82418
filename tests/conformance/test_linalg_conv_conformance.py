"""Conformance with IREE llvm-cpu of ``linalg.generic`` with input maps linear in the loop dims
(convolution windows ``d1 * 2 + d4``, shifted reads ``d0 + 1``): irverify's evaluation equals
IREE's exactly on random i32 inputs (a 2-D strided, dilated convolution in NHWC/HWCF layout as
``linalg-generalize-named-ops`` writes it, and a shifted 1-D read)."""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

# input 1x7x8x2, filter 2x3x2x3, strides (2, 1), dilations (1, 2): output 1x3x4x3
TEXT = """
func.func @conv(%in: tensor<1x7x8x2xi32>, %f: tensor<2x3x2x3xi32>, %acc: tensor<1x3x4x3xi32>) -> tensor<1x3x4x3xi32> {
  %r = linalg.generic {indexing_maps = [
      affine_map<(n, h, w, c, kh, kw, ci) -> (n, h * 2 + kh, w + kw * 2, ci)>,
      affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
      affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%in, %f : tensor<1x7x8x2xi32>, tensor<2x3x2x3xi32>) outs(%acc : tensor<1x3x4x3xi32>) {
  ^bb0(%x: i32, %y: i32, %a: i32):
    %m = arith.muli %x, %y : i32
    %s = arith.addi %a, %m : i32
    linalg.yield %s : i32
  } -> tensor<1x3x4x3xi32>
  return %r : tensor<1x3x4x3xi32>
}
func.func @shift(%a: tensor<9xi32>, %o: tensor<6xi32>) -> tensor<6xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 + 3)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<9xi32>) outs(%o : tensor<6xi32>) {
  ^bb0(%x: i32, %y: i32):
    %s = arith.subi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<6xi32>
  return %r : tensor<6xi32>
}
"""


def _ints(rng, shape):
    return rng.integers(-1000, 1000, shape).astype(np.int32)


def test_linear_input_maps_match_iree():
    rng = np.random.default_rng(5)
    calls = []
    for _ in range(3):
        calls.append(("conv", [_ints(rng, (1, 7, 8, 2)), _ints(rng, (2, 3, 2, 3)), _ints(rng, (1, 3, 4, 3))]))
        calls.append(("shift", [_ints(rng, (9,)), _ints(rng, (6,))]))
    runs = run_functions(TEXT, calls)
    module = parse_mlir(TEXT, "conv.mlir")
    for (name, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), theirs
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert ev.ub == [] and np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0])), name
    # the reference: the same convolution in numpy
    inp, flt, acc = calls[0][1]
    want = acc.astype(np.int64).copy()
    for h in range(3):
        for w in range(4):
            for kh in range(2):
                for kw in range(3):
                    want[0, h, w, :] += inp[0, h * 2 + kh, w + kw * 2, :].astype(np.int64) @ flt[kh, kw].astype(np.int64)
    assert np.array_equal(want.astype(np.int32), np.asarray(runs[0][0]))
