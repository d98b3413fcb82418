// Output of iree-opt --pass-pipeline='builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor))' --mlir-print-local-scope on the .before.mlir
module {
  func.func @fold_collapse_into_stores_dynamic_diff(%arg0: tensor<2x?x32xf32>) {
    %c0 = arith.constant 0 : index
    %0 = hal.interface.constant.load layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : index
    %1 = affine.apply affine_map<()[s0] -> (s0 ceildiv 2)>()[%0]
    %2 = hal.interface.binding.subspan layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x32xf32>>{%1}
    iree_tensor_ext.dispatch.tensor.store %arg0, %2, offsets = [0, 0, 0], sizes = [2, %1, 32], strides = [1, 1, 1] : tensor<2x?x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?x32xf32>>{%1}
    return
  }
}
