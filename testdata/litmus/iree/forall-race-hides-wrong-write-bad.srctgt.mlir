// A race on one binding does not hide a wrong value written to another: every iteration of the
// scf.forall writes its own number to all of binding 1 (a data race: those positions hold an
// unspecified value afterwards, they are not UB of the function), and element %i of %x to
// element %i of binding 0. The target copies element 1 everywhere: binding 0 differs.
// REQUIRES: iree
// RUN: not irverify check %s | filecheck %s
// CHECK: @src: incorrect
// CHECK-NEXT: ERROR: value mismatch
// CHECK: Differing output: binding 0
// CHECK: confirmed: true (IREE llvm-cpu (dispatch wrapper)) binding 0 differs
// CHECK: verdict: incorrect

#l = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
func.func @src(%x: tensor<2xi32>) {
  %c0 = arith.constant 0 : index
  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>
  %r = hal.interface.binding.subspan layout(#l) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xi32>>
  scf.forall (%i) in (2) {
    %v = arith.index_cast %i : index to i32
    %s = tensor.splat %v : tensor<8xi32>
    iree_tensor_ext.dispatch.tensor.store %s, %r, offsets = [0], sizes = [8], strides = [1] : tensor<8xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xi32>>
    %e = tensor.extract_slice %x[%i] [1] [1] : tensor<2xi32> to tensor<1xi32>
    iree_tensor_ext.dispatch.tensor.store %e, %b, offsets = [%i], sizes = [1], strides = [1] : tensor<1xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>
  }
  return
}
func.func @tgt(%x: tensor<2xi32>) {
  %c0 = arith.constant 0 : index
  %b = hal.interface.binding.subspan layout(#l) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>
  %r = hal.interface.binding.subspan layout(#l) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xi32>>
  scf.forall (%i) in (2) {
    %v = arith.index_cast %i : index to i32
    %s = tensor.splat %v : tensor<8xi32>
    iree_tensor_ext.dispatch.tensor.store %s, %r, offsets = [0], sizes = [8], strides = [1] : tensor<8xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xi32>>
    %e = tensor.extract_slice %x[1] [1] [1] : tensor<2xi32> to tensor<1xi32>
    iree_tensor_ext.dispatch.tensor.store %e, %b, offsets = [%i], sizes = [1], strides = [1] : tensor<1xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>
  }
  return
}
