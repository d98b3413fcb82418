// FoldCollapseShapeIntoInterfaceTensorStoreFullSlice (IREE 3.5.0, before edbb69a) (IREE), instance seed[R=?,K=2] (mixed) of patterns/iree-fold-collapse-store-pre-fix.pattern.
// src: the entry's before-template; tgt: the pre-fix output in the form of the seed after_buggy.mlir (hand-cleaned IREE 3.5.0 output; the 3.5.0 outputs themselves are in patterns/iree-fold-collapse-store-pre-fix/).
// REQUIRES: iree
// RUN: not irverify check %s | filecheck %s
// CHECK: @src: incorrect
// CHECK-NEXT: ERROR: value mismatch
// CHECK: Differing output: binding 0
// CHECK: confirmed: true (IREE llvm-cpu (dispatch wrapper))
// CHECK: verdict: incorrect

#layout = #hal.pipeline.layout<constants = 1, bindings = [
    #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @src(%src: tensor<?x2xi32>) {
  %c0 = arith.constant 0 : index
  %M = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %dest = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%M}
  %collapsed = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  iree_tensor_ext.dispatch.tensor.store %collapsed, %dest, offsets = [0, 0], sizes = [%M, 1], strides = [1, 1]
      : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%M}
  return
}

func.func @tgt(%src: tensor<?x2xi32>) {
  %c0 = arith.constant 0 : index
  %M = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %R = affine.apply affine_map<()[s0] -> (s0 floordiv 2)>()[%M]
  %K = arith.constant 2 : index
  %dest = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2xi32>>{%R}
  iree_tensor_ext.dispatch.tensor.store %src, %dest, offsets = [0, 0], sizes = [%R, 2], strides = [1, 1]
      : tensor<?x2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2xi32>>{%R}
  return
}
