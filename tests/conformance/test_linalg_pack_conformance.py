"""Conformance of ``linalg.pack``/``linalg.unpack`` with IREE llvm-cpu: irverify's evaluation
equals IREE's execution exactly on random ``i32`` inputs (outer permutation, padding, tiles
that do not divide, unpack dropping the padding)."""

from __future__ import annotations

import numpy as np
import pytest

from irverify.execute.iree import ExecutionError, run_functions
from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

pytestmark = pytest.mark.iree

TEXT = """
func.func @pack(%s: tensor<7x10xi32>, %pad: i32) -> tensor<4x2x4x3xi32> {
  %e = tensor.empty() : tensor<4x2x4x3xi32>
  %r = linalg.pack %s padding_value(%pad : i32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 3] into %e : tensor<7x10xi32> -> tensor<4x2x4x3xi32>
  return %r : tensor<4x2x4x3xi32>
}
func.func @pack3(%s: tensor<3x8x5xi32>) -> tensor<3x5x4x2xi32> {
  %e = tensor.empty() : tensor<3x5x4x2xi32>
  %r = linalg.pack %s outer_dims_perm = [0, 2, 1] inner_dims_pos = [1] inner_tiles = [2] into %e : tensor<3x8x5xi32> -> tensor<3x5x4x2xi32>
  return %r : tensor<3x5x4x2xi32>
}
func.func @unpack(%s: tensor<4x2x4x3xi32>) -> tensor<7x10xi32> {
  %e = tensor.empty() : tensor<7x10xi32>
  %r = linalg.unpack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 3] into %e : tensor<4x2x4x3xi32> -> tensor<7x10xi32>
  return %r : tensor<7x10xi32>
}
"""


def test_pack_unpack_match_iree():
    text = TEXT
    module = parse_mlir(text, "pack.mlir")
    rng = np.random.default_rng(4)
    calls = []
    for _ in range(3):
        calls.append(("pack", [rng.integers(-99, 99, (7, 10)).astype(np.int32), np.int32(rng.integers(-9, 9))]))
        calls.append(("pack3", [rng.integers(-99, 99, (3, 8, 5)).astype(np.int32)]))
        calls.append(("unpack", [rng.integers(-99, 99, (4, 2, 4, 3)).astype(np.int32)]))
    runs = run_functions(text, calls)
    for (name, args), theirs in zip(calls, runs):
        assert not isinstance(theirs, ExecutionError), (name, theirs)
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert ev.ub == [], (name, ev.ub)
        assert np.array_equal(np.asarray(ev.outputs[0]), np.asarray(theirs[0])), name


def test_pack_without_padding_needs_dividing_tiles():
    text = """
func.func @p(%s: tensor<?xi32>, %n: index) -> tensor<?x4xi32> {
  %e = tensor.empty(%n) : tensor<?x4xi32>
  %r = linalg.pack %s inner_dims_pos = [0] inner_tiles = [4] into %e : tensor<?xi32> -> tensor<?x4xi32>
  return %r : tensor<?x4xi32>
}"""
    module = parse_mlir(text, "p.mlir")
    assert evaluate_function(module, "p", [np.arange(8, dtype=np.int32), 2]).ub == []
    assert any("does not divide" in r for r in evaluate_function(module, "p", [np.arange(7, dtype=np.int32), 2]).ub)
    assert any("ceildiv" in r for r in evaluate_function(module, "p", [np.arange(8, dtype=np.int32), 3]).ub)
