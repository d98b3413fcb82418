#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
// The collapse folded into the view: 2x3x8 with sizes [2, 3, 4].
func.func @reassoc(%v : tensor<2x3x4xi32>) {
  %c0 = arith.constant 0 : index
  %d = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x3x8xi32>>
  iree_tensor_ext.dispatch.tensor.store %v, %d, offsets = [0, 0, 0], sizes = [2, 3, 4], strides = [1, 1, 1]
      : tensor<2x3x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x3x8xi32>>
  return
}
