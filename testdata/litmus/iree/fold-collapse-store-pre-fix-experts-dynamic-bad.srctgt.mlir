// FoldCollapseShapeIntoInterfaceTensorStoreFullSlice (IREE 3.5.0, before edbb69a) (IREE), instance seed[R=3,K=?] (mixed) of patterns/iree-fold-collapse-store-pre-fix.pattern.
// src: the entry's before-template; tgt: the pre-fix output in the form of the seed after_buggy.mlir (hand-cleaned IREE 3.5.0 output; the 3.5.0 outputs themselves are in patterns/iree-fold-collapse-store-pre-fix/).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK-NEXT: ERROR: value mismatch
// CHECK: Differing output: binding 0
// CHECK: verdict: incorrect

#layout = #hal.pipeline.layout<constants = 1, bindings = [
    #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @src(%src: tensor<3x?xi32>) {
  %c0 = arith.constant 0 : index
  %M = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %dest = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%M}
  %collapsed = tensor.collapse_shape %src [[0, 1]] : tensor<3x?xi32> into tensor<?xi32>
  iree_tensor_ext.dispatch.tensor.store %collapsed, %dest, offsets = [0, 0], sizes = [%M, 1], strides = [1, 1]
      : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%M}
  return
}

func.func @tgt(%src: tensor<3x?xi32>) {
  %c0 = arith.constant 0 : index
  %M = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %R = arith.constant 3 : index
  %K = affine.apply affine_map<()[s0] -> (s0 floordiv 3)>()[%M]
  %dest = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3x?xi32>>{%K}
  iree_tensor_ext.dispatch.tensor.store %src, %dest, offsets = [0, 0], sizes = [3, %K], strides = [1, 1]
      : tensor<3x?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3x?xi32>>{%K}
  return
}
