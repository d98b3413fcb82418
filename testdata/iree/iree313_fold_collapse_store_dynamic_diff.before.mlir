// Regression: a miscompile of IREE 3.13 (iree-base-compiler 3.13.0, pass
// iree-codegen-fold-reshape-into-interface-tensor). Input: IREE lit test
// fold_reshape_into_interface_tensor.mlir @fold_collapse_into_stores_dynamic_diff (Apache-2.0 with
// LLVM exceptions). The store writes %1 rows of a %0-row binding; the pass re-types the binding
// as 2x(%0 ceildiv 2)x32 and stores %0 rows: when %1 < %0 the target stores a value whose dims
// differ from its sizes (and, for odd %0, a view larger than the binding).
#pipeline_layout = #hal.pipeline.layout<constants = 2, bindings = [
    #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @fold_collapse_into_stores_dynamic_diff(%arg0 : tensor<2x?x32xf32>) {
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(#pipeline_layout) ordinal(0) : index
  %1 = hal.interface.constant.load layout(#pipeline_layout) ordinal(1) : index
  %2 = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x32xf32>>{%0}
  %3 = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x?x32xf32> into tensor<?x32xf32>
  iree_tensor_ext.dispatch.tensor.store %3, %2, offsets = [0, 0], sizes = [%1, 32], strides = [1, 1]
      : tensor<?x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x32xf32>>{%0}
  return
}
