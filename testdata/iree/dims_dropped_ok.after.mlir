#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
// The same column through a flat view with stride 4.
func.func @column(%v : tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %d = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi32>>
  iree_tensor_ext.dispatch.tensor.store %v, %d, offsets = [0], sizes = [4], strides = [4]
      : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi32>>
  return
}
