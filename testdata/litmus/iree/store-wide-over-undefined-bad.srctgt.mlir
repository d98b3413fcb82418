// A store through a view of wider elements overwrites whole units of a binding whose units held
// undefined (tensor.empty) elements: those units are defined afterwards and are compared.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK-NEXT: ERROR: value mismatch
// CHECK: Differing output: binding 0
// CHECK: verdict: incorrect

#l = #hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @src(%x: tensor<2xi32>) {
  %c0 = arith.constant 0 : index
  %b8 = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi8>>
  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
  %e = tensor.empty() : tensor<16xi8>
  iree_tensor_ext.dispatch.tensor.store %e, %b8, offsets = [0], sizes = [16], strides = [1] : tensor<16xi8> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi8>>
  iree_tensor_ext.dispatch.tensor.store %x, %b, offsets = [1], sizes = [2], strides = [1] : tensor<2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
  return
}
func.func @tgt(%x: tensor<2xi32>) {
  %c0 = arith.constant 0 : index
  %b8 = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi8>>
  %z = arith.constant dense<0> : tensor<16xi8>
  iree_tensor_ext.dispatch.tensor.store %z, %b8, offsets = [0], sizes = [16], strides = [1] : tensor<16xi8> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi8>>
  return
}
