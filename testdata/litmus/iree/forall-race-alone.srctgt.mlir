// A race alone: every iteration of the scf.forall writes its own number to all of binding 1,
// so those positions hold an unspecified value afterwards (as LLVM's memory model says of a
// read that may see two writes), and any target value there refines the source. It is not UB:
// binding 0, which no two iterations write, is still compared (and equal here). The target
// writes zeros to binding 1 instead of racing.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK-NOT: data race
// CHECK: verdict: correct

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
    %v = arith.constant 0 : i32
    %s = tensor.splat %v : tensor<8xi32>
    iree_tensor_ext.dispatch.tensor.store %s, %r, offsets = [0], sizes = [8], strides = [1] : tensor<8xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xi32>>
    %e = tensor.extract_slice %x[%i] [1] [1] : tensor<2xi32> to tensor<1xi32>
    iree_tensor_ext.dispatch.tensor.store %e, %b, offsets = [%i], sizes = [1], strides = [1] : tensor<1xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>
  }
  return
}
