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
MOVED = ROOT / "testdata" / "litmus" / "opaque" / "bitcast-moved.srctgt.mlir"


def _check(text: str) -> str:
    return check_modules(parse_mlir(text, "o.mlir"), None, Options(confirm=False)).verdict.value


POOL = """
func.func @src(%x: tensor<1x9x4xf32>, %w: tensor<2xf32>, %e: tensor<1x4x4xf32>) -> (tensor<1x4x4xf32>, tensor<1x4x4xf32>) {{
  %0 = linalg.pooling_nwc_max {{dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}}
      ins(%x, %w : tensor<1x9x4xf32>, tensor<2xf32>) outs(%e : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  %1 = linalg.pooling_nwc_max {{dilations = dense<{dil}> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}}
      ins(%x, %w : tensor<1x9x4xf32>, tensor<2xf32>) outs(%e : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  return %0, %1 : tensor<1x4x4xf32>, tensor<1x4x4xf32>
}}
func.func @tgt(%x: tensor<1x9x4xf32>, %w: tensor<2xf32>, %e: tensor<1x4x4xf32>) -> (tensor<1x4x4xf32>, tensor<1x4x4xf32>) {{
  %0 = linalg.pooling_nwc_max {{dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}}
      ins(%x, %w : tensor<1x9x4xf32>, tensor<2xf32>) outs(%e : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  return %0, %0 : tensor<1x4x4xf32>, tensor<1x4x4xf32>
}}
"""


def test_congruent_opaque_ops_are_one_value():
    """Two linalg.pooling_nwc_max with the same attributes on the same values are one value;
    with other attributes they are another function, so sharing them is not proved."""
    assert _check(POOL.format(dil=1)) == "correct"
    assert _check(POOL.format(dil=2)) == "unknown"


def test_ops_with_regions_or_unlisted_are_not_opaque():
    text = MOVED.read_text()
    fn = parse_mlir(text, "m.mlir").functions["src"]
    casts = [op for op in fn.body.ops if op.name == "tensor.bitcast"]
    assert casts and all(is_opaque(op) for op in casts) and all(op.printed_attrs is not None for op in casts)
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
func.func @src(%x: tensor<1x9x4xf32>) -> tensor<1x4x4xf32> {{
  %cst = arith.constant 0.0 : f32
  %src = linalg.fill ins(%cst : f32) outs(%x : tensor<1x9x4xf32>) -> tensor<1x9x4xf32>
  %w = tensor.empty() : tensor<2xf32>
  %e = tensor.empty() : tensor<1x4x4xf32>
  %p = linalg.pooling_nwc_max {{dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}}
      ins(%src, %w : tensor<1x9x4xf32>, tensor<2xf32>) outs(%e : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  return %p : tensor<1x4x4xf32>
}}
func.func @tgt(%x: tensor<1x9x4xf32>) -> tensor<1x4x4xf32> {{
  %cst = arith.constant 0.0 : f32
  %src = linalg.fill ins(%cst : f32) outs(%x : tensor<1x9x4xf32>) -> tensor<1x9x4xf32>
  %z = tensor.empty() : tensor<1x9x4xf32>
  %w = tensor.empty() : tensor<2xf32>
  %e = tensor.empty() : tensor<1x4x4xf32>
  %p = linalg.pooling_nwc_max {{dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}}
      ins({operand}, %w : tensor<1x9x4xf32>, tensor<2xf32>) outs(%e : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  return %p : tensor<1x4x4xf32>
}}
"""


def test_poison_operands_are_arguments_of_an_opaque_op():
    """A pooling of tensor.empty (poison) is not a pooling of zeros, although a poison element
    enters the value array as zero; both sides writing into tensor.empty stay congruent."""
    assert _check(PACK.format(operand="%src")) == "correct"
    assert _check(PACK.format(operand="%z")) != "correct"


# ----------------------------------------------------------------------------- identity


def _op(text: str, name: str, fn: str = "f"):
    body = parse_mlir(text, "i.mlir").functions[fn].body
    from irverify.semantics.common import walk_ops

    return next(op for op in walk_ops(body.ops) if op.name == name)


def _bitcast(src: str, dst: str) -> str:
    return (f"func.func @f(%x: {src}) -> {dst} {{\n  %y = tensor.bitcast %x : {src} to {dst}\n"
            f"  return %y : {dst}\n}}")


def test_identity_holds_operand_and_result_types_with_extents():
    """f16 and bf16 operands (one bit-vector sort), and result types that differ only in an
    extent, name different functions; the same op names the same one."""
    from irverify.semantics.opaque import function_name

    names = [function_name("opaque", _op(_bitcast(s, d), "tensor.bitcast")) for s, d in [
        ("tensor<4xf16>", "tensor<4xi16>"), ("tensor<4xbf16>", "tensor<4xi16>"),
        ("tensor<4xf16>", "tensor<?xi16>"), ("tensor<?xf16>", "tensor<4xi16>")]]
    assert len(set(names)) == 4
    again = function_name("opaque", _op(_bitcast("tensor<4xf16>", "tensor<4xi16>"), "tensor.bitcast"))
    assert again == names[0] and len(again.rpartition(".")[2]) == 64  # the full SHA-256 digest


LOOP = """
func.func @f(%x: i32, %n: index) -> i32 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %x) -> (i32) {{
    %t = arith.constant dense<[{table}]> : tensor<1001xi32>
    %e = tensor.extract %t[%i] {extra} : tensor<1001xi32>
    %u = arith.addi %s, %e : i32
    scf.yield %u : i32
  }}
  return %r : i32
}}
"""


def test_identity_prints_every_attribute_exactly():
    """Tables of 1001 elements that differ in element 500 (numpy's repr elides them alike) give
    different identities; a compiler hint does not change it."""
    from irverify.semantics.opaque import identity

    table = [str(k % 7) for k in range(1001)]
    base = identity(_op(LOOP.format(table=", ".join(table), extra=""), "scf.for"))
    table[500] = "9"
    assert identity(_op(LOOP.format(table=", ".join(table), extra=""), "scf.for")) != base
    table[500] = str(500 % 7)
    hinted = LOOP.format(table=", ".join(table), extra="{iree_codegen.vector_tile_sizes = array<i64: 8>}")
    assert identity(_op(hinted, "scf.for")) == base


def test_identity_numbers_outer_values_in_order_of_use():
    from irverify.semantics.opaque import identity

    loop = _op(LOOP.format(table="0, " * 1000 + "1", extra=""), "scf.for")
    captured: list = []
    identity(loop, captured)
    assert captured == []  # the body reads nothing from outside
    text = LOOP.format(table="0, " * 1000 + "1", extra="").replace("arith.addi %s, %e", "arith.addi %x, %e")
    loop = _op(text, "scf.for")
    identity(loop, captured)
    assert [v.name for v in captured] == ["%x"]


def test_identity_of_a_dense_resource_is_unsupported():
    """A dense_resource attribute prints a blob's name, not its contents."""
    from irverify.errors import Unsupported
    from irverify.semantics.opaque import identity

    text = """
func.func @f(%x: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %x) -> (i32) {
    %t = arith.constant dense_resource<blob> : tensor<2xi32>
    %e = tensor.extract %t[%c0] : tensor<2xi32>
    scf.yield %e : i32
  }
  return %r : i32
}
{-#
  dialect_resources: { builtin: { blob: "0x040000000100000002000000" } }
#-}
"""
    with pytest.raises(Unsupported, match="dense_resource"):
        identity(_op(text, "scf.for"))
