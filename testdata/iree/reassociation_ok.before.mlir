#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
// A 2x3x4 value collapsed to 6x4 and stored into the first 4 columns of a 6x8 view.
func.func @reassoc(%v : tensor<2x3x4xi32>) {
  %c0 = arith.constant 0 : index
  %d = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<6x8xi32>>
  %c = tensor.collapse_shape %v [[0, 1], [2]] : tensor<2x3x4xi32> into tensor<6x4xi32>
  iree_tensor_ext.dispatch.tensor.store %c, %d, offsets = [0, 0], sizes = [6, 4], strides = [1, 1]
      : tensor<6x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<6x8xi32>>
  return
}
