#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
// The view is re-typed 16x4; the row offset must be 4 / 4 = 1 (ok: 1).
func.func @offset(%v : tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %d = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4xi32>>
  iree_tensor_ext.dispatch.tensor.store %v, %d, offsets = [1, 0], sizes = [1, 4], strides = [1, 1]
      : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4xi32>>
  return
}
