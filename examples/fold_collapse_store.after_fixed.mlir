// Copied from irverify's seed case (IREE issue #21028, fix edbb69a / PR #21036).
module {
  func.func @seed_collapse_rank_reduced_store(%arg0: tensor<?x2xi32>) {
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %0 = hal.interface.constant.load layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : index
    %1 = arith.divsi %0, %c2 : index
    %2 = hal.interface.binding.subspan layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xi32>>{%1}
    iree_tensor_ext.dispatch.tensor.store %arg0, %2, offsets = [0, 0, 0], sizes = [%1, 2, 1], strides = [1, 1, 1] : tensor<?x2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xi32>>{%1}
    return
  }
}
