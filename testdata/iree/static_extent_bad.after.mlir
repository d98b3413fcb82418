#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
// The static extent 8 is replaced by the stored width 4.
func.func @extent(%v : tensor<?x4xi32>) {
  %c0 = arith.constant 0 : index
  %n = hal.interface.constant.load layout(#pipeline_layout) ordinal(0) : index
  %d = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%n}
  iree_tensor_ext.dispatch.tensor.store %v, %d, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1]
      : tensor<?x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%n}
  return
}
