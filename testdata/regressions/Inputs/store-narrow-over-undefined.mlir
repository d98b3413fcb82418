#l = #hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @src(%x: tensor<16xi8>) {
  %c0 = arith.constant 0 : index
  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
  %b8 = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi8>>
  %e = tensor.empty() : tensor<4xi32>
  iree_tensor_ext.dispatch.tensor.store %e, %b, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
  iree_tensor_ext.dispatch.tensor.store %x, %b8, offsets = [0], sizes = [16], strides = [1] : tensor<16xi8> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi8>>
  return
}
func.func @tgt(%x: tensor<16xi8>) {
  %c0 = arith.constant 0 : index
  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
  %z = arith.constant dense<0> : tensor<4xi32>
  iree_tensor_ext.dispatch.tensor.store %z, %b, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
  return
}
