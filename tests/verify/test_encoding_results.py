"""A pass that materialises a tensor encoding changes a result's type by design (a layout
decided late): irverify cannot relate the two types without a layout contract, so the function
is unsupported, never incorrect."""

from __future__ import annotations

import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules

pytestmark = pytest.mark.iree

ENC = "#iree_encoding.encoding<operand_index = 0 : i64, op_type = matmul, element_types = [f32, f32, f32]>"
SRC = f"""
func.func @f(%x: tensor<7x7xf32>) -> tensor<7x7xf32, {ENC}> {{
  %0 = iree_encoding.set_encoding %x : tensor<7x7xf32> -> tensor<7x7xf32, {ENC}>
  return %0 : tensor<7x7xf32, {ENC}>
}}
"""
TGT = """
func.func @f(%x: tensor<7x7xf32>) -> tensor<1x7x8x1xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x8x1xf32>
  %0 = linalg.pack %x padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %e : tensor<7x7xf32> -> tensor<1x7x8x1xf32>
  return %0 : tensor<1x7x8x1xf32>
}
"""


def test_materialised_encoding_result_is_unsupported():
    report = check_modules(parse_mlir(SRC, "s.mlir"), parse_mlir(TGT, "t.mlir"), Options(confirm=False))
    assert report.verdict.value == "unsupported"
    assert "materialised tensor encoding" in report.functions[0].message


def test_materialised_encoding_argument_is_unsupported():
    src = f"""
func.func @f(%x: tensor<7x7xf32, {ENC}>) -> tensor<7x7xf32> {{
  %0 = iree_encoding.unset_encoding %x : tensor<7x7xf32, {ENC}> -> tensor<7x7xf32>
  return %0 : tensor<7x7xf32>
}}
"""
    tgt = """
func.func @f(%x: tensor<1x7x8x1xf32>) -> tensor<7x7xf32> {
  %e = tensor.empty() : tensor<7x7xf32>
  %0 = linalg.unpack %x inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %e : tensor<1x7x8x1xf32> -> tensor<7x7xf32>
  return %0 : tensor<7x7xf32>
}
"""
    report = check_modules(parse_mlir(src, "s.mlir"), parse_mlir(tgt, "t.mlir"), Options(confirm=False))
    assert report.verdict.value == "unsupported"
    assert "materialised tensor encoding of an argument" in report.functions[0].message
