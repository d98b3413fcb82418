#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
// A store at element offset 4 of a 64-element view, re-typed as a 16x4 view.
func.func @offset(%v : tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %d = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<64xi32>>
  iree_tensor_ext.dispatch.tensor.store %v, %d, offsets = [4], sizes = [4], strides = [1]
      : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<64xi32>>
  return
}
