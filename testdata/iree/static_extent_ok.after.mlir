#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
// Re-typed ?x2x4: row r, columns 0..3 are element (r, 0, 0..3).
func.func @extent(%v : tensor<?x4xi32>) {
  %c0 = arith.constant 0 : index
  %n = hal.interface.constant.load layout(#pipeline_layout) ordinal(0) : index
  %d = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xi32>>{%n}
  iree_tensor_ext.dispatch.tensor.store %v, %d, offsets = [0, 0, 0], sizes = [%n, 1, 4], strides = [1, 1, 1]
      : tensor<?x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xi32>>{%n}
  return
}
