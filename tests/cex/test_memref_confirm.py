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


HINTED = """
func.func @src(%m: memref<4xf32>) -> tensor<4xf32> {
  %t = iree_codegen.load_from_buffer %m : memref<4xf32> -> tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %c = linalg.copy {lowering_config = #iree_gpu.derived_thread_config} ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}
func.func @tgt(%m: memref<4xf32>) -> tensor<4xf32> {
  %t = iree_codegen.load_from_buffer %m : memref<4xf32> -> tensor<4xf32>
  %x = tensor.extract_slice %t[1] [3] [1] : tensor<4xf32> to tensor<3xf32>
  %e = tensor.empty() : tensor<4xf32>
  %c = tensor.insert_slice %x into %e[0] [3] [1] : tensor<3xf32> into tensor<4xf32>
  %z = arith.constant 0.0 : f32
  %i = arith.constant 3 : index
  %d = tensor.insert %z into %c[%i] : tensor<4xf32>
  return %d : tensor<4xf32>
}
"""


def test_a_gpu_lowering_config_is_dropped_before_running_on_the_cpu():
    """``lowering_config`` means nothing to irverify (a compiler hint); a GPU one cannot be
    compiled for llvm-cpu, so the dispatch wrapper drops it and the counterexample runs."""
    r = check_modules(parse_mlir(HINTED, "hinted.mlir"), None, Options())
    fn = r.functions[0]
    assert fn.verdict is Verdict.INCORRECT, fn.message
    conf = fn.confirmation
    assert conf.confirmed is True and conf.backend == "IREE llvm-cpu (dispatch wrapper)", conf.detail


def test_the_reference_evaluation_reads_a_memref_arguments_initial_contents():
    """``call_args`` gives a memref argument its counterexample contents, shaped as the memref,
    so irverify's concrete evaluation can replay the counterexample without a compiler."""
    import numpy as np

    from irverify.cex.concrete import exact_witness
    from irverify.cex.confirm import call_args

    mod = parse_mlir(HINTED, "hinted.mlir")
    fn = check_modules(mod, None, Options(confirm=False)).functions[0]
    cex = fn.counterexample
    (arg,) = call_args(mod.functions["src"], cex)
    assert arg.shape == (4,) and np.array_equal(arg.reshape(-1), np.asarray(cex.tensors["%m (initial)"]).reshape(-1))
    evidence = exact_witness(mod, mod.functions["src"], mod, mod.functions["tgt"], cex)
    assert evidence is not None and evidence.startswith("result #0")
