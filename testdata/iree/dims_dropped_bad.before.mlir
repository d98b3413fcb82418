#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
// Column 0 of a 4x4 view, written by a rank-reducing store.
func.func @column(%v : tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %d = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x4xi32>>
  iree_tensor_ext.dispatch.tensor.store %v, %d, offsets = [0, 0], sizes = [4, 1], strides = [1, 1]
      : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x4xi32>>
  return
}
