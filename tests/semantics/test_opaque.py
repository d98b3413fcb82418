"""Opaque ops: listed side-effect-free ops are uninterpreted functions of operands, attributes
and result types; congruence proves rewrites that keep them, and IREE agrees on the programs
irverify proves equal."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.semantics.opaque import OPAQUE_OPS, is_opaque
from irverify.verify.check import Options, check_modules

ROOT = Path(__file__).resolve().parents[2]
MOVED = ROOT / "testdata" / "litmus" / "opaque" / "softmax-moved.srctgt.mlir"


def _check(text: str) -> str:
    return check_modules(parse_mlir(text, "o.mlir"), None, Options(confirm=False)).verdict.value


SOFTMAX = """
func.func @src(%x: tensor<4x4xf32>, %e: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {{
  %0 = linalg.softmax dimension(0) ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = linalg.softmax dimension({dim}) ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0, %1 : tensor<4x4xf32>, tensor<4x4xf32>
}}
func.func @tgt(%x: tensor<4x4xf32>, %e: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {{
  %0 = linalg.softmax dimension(0) ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0, %0 : tensor<4x4xf32>, tensor<4x4xf32>
}}
"""


def test_congruent_opaque_ops_are_one_value():
    """Two linalg.softmax with the same attributes on the same values are one value; with other
    attributes they are another function, so sharing them is not proved."""
    assert _check(SOFTMAX.format(dim=0)) == "correct"
    assert _check(SOFTMAX.format(dim=1)) == "unknown"


def test_ops_with_regions_or_unlisted_are_not_opaque():
    text = MOVED.read_text()
    fn = parse_mlir(text, "m.mlir").functions["src"]
    packs = [op for op in fn.body.ops if op.name == "linalg.softmax"]
    assert packs and all(is_opaque(op) for op in packs) and all(op.attr_text for op in packs)
    assert "iree_linalg_ext.sort" not in OPAQUE_OPS and "iree_linalg_ext.scatter" not in OPAQUE_OPS
    assert not any(name.startswith(("memref.", "hal.", "flow.dispatch")) for name in OPAQUE_OPS)


@pytest.mark.iree
def test_iree_agrees_on_a_proved_opaque_rewrite():
    from irverify.execute.iree import ExecutionError, run_functions

    text = MOVED.read_text()
    assert _check(text) == "correct"
    rng = np.random.default_rng(3)
    calls = []
    for n in (1, 5, 16, 23):
        x = rng.uniform(-4, 4, (n, 16)).astype(np.float32)
        y = rng.uniform(-4, 4, (n, 16)).astype(np.float32)
        calls += [("src", [x, y]), ("tgt", [x, y])]
    runs = run_functions(text, calls)
    for k in range(0, len(runs), 2):
        src, tgt = runs[k], runs[k + 1]
        assert not isinstance(src, ExecutionError) and not isinstance(tgt, ExecutionError), (src, tgt)
        for a, b in zip(src, tgt):
            assert np.array_equal(np.asarray(a), np.asarray(b))



PACK = """
func.func @src(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {{
  %cst = arith.constant 0.0 : f32
  %src = linalg.fill ins(%cst : f32) outs(%x : tensor<16x16xf32>) -> tensor<16x16xf32>
  %e = tensor.empty() : tensor<16x16xf32>
  %p = linalg.softmax dimension(1) ins(%src : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %p : tensor<16x16xf32>
}}
func.func @tgt(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {{
  %cst = arith.constant 0.0 : f32
  %src = linalg.fill ins(%cst : f32) outs(%x : tensor<16x16xf32>) -> tensor<16x16xf32>
  %z = tensor.empty() : tensor<16x16xf32>
  %e = tensor.empty() : tensor<16x16xf32>
  %p = linalg.softmax dimension(1) ins({operand} : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %p : tensor<16x16xf32>
}}
"""


def test_poison_operands_are_arguments_of_an_opaque_op():
    """A softmax of tensor.empty (poison) is not a softmax of zeros, although a poison element
    enters the value array as zero; both sides writing into tensor.empty stay congruent."""
    assert _check(PACK.format(operand="%src")) == "correct"
    assert _check(PACK.format(operand="%z")) != "correct"
