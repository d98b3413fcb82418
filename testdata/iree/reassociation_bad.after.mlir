#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
// The reassociation shifted: the inner group [1, 2] is folded instead of the outer [0, 1].
func.func @reassoc(%v : tensor<2x3x4xi32>) {
  %c0 = arith.constant 0 : index
  %d = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x24xi32>>
  %c = tensor.collapse_shape %v [[0], [1, 2]] : tensor<2x3x4xi32> into tensor<2x12xi32>
  iree_tensor_ext.dispatch.tensor.store %c, %d, offsets = [0, 0], sizes = [2, 12], strides = [1, 1]
      : tensor<2x12xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x24xi32>>
  return
}
