"""Confirming counterexamples of functions with memref arguments: IREE's entry points take no
memrefs, so each side runs as a dispatch kernel in which every memref argument is a binding
(``dispatch_confirm``), and the final contents of the memrefs are compared."""

from __future__ import annotations

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.check import Options, check_modules
from irverify.verify.verdict import Verdict

DYNAMIC = """
func.func @src(%x: tensor<?xi32>, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xi32>
  %sv = memref.subview %m[0][%n][1] : memref<?xi32> to memref<?xi32, strided<[1]>>
  iree_codegen.store_to_buffer %x, %sv : tensor<?xi32> into memref<?xi32, strided<[1]>>
  return
}
func.func @tgt(%x: tensor<?xi32>, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?xi32>
  %k = arith.subi %n, %c1 : index
  %x1 = tensor.extract_slice %x[0][%k][1] : tensor<?xi32> to tensor<?xi32>
  %sv = memref.subview %m[0][%k][1] : memref<?xi32> to memref<?xi32, strided<[1]>>
  iree_codegen.store_to_buffer %x1, %sv : tensor<?xi32> into memref<?xi32, strided<[1]>>
  return
}
"""


def test_a_wrong_store_into_a_dynamic_memref_argument_is_confirmed_on_iree():
    r = check_modules(parse_mlir(DYNAMIC, "dyn.mlir"), None, Options())
    fn = r.functions[0]
    assert fn.verdict is Verdict.INCORRECT, fn.message
    assert fn.counterexample.output.startswith("memref %m")
    conf = fn.confirmation
    assert conf.confirmed is True and conf.backend == "IREE llvm-cpu (dispatch wrapper)", conf.detail
    assert conf.detail.startswith("memref %m differs at flat positions")
