// FoldCollapseShapeIntoInterfaceTensorStoreFullSlice (IREE), instance full[A=?,K=3,W=8] (mixed) of patterns/iree-reshape-into-interface.pattern.
// src: the entry's before-template; tgt: produced by iree pass 'builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor))'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#layout = #hal.pipeline.layout<constants = 4, bindings = [
    #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @src(%x: tensor<?x3x8xf32>) {
  %c0 = arith.constant 0 : index
  %M = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %W = arith.constant 8 : index
  %s = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%M}
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x3x8xf32> into tensor<?x8xf32>
  iree_tensor_ext.dispatch.tensor.store %c, %s, offsets = [0, 0], sizes = [%M, 8], strides = [1, 1]
      : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%M}
  return
}

func.func @tgt(%arg0: tensor<?x3x8xf32>) {
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : index
  %1 = affine.apply affine_map<()[s0] -> (s0 ceildiv 3)>()[%0]
  %2 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x3x8xf32>>{%1}
  iree_tensor_ext.dispatch.tensor.store %arg0, %2, offsets = [0, 0, 0], sizes = [%1, 3, 8], strides = [1, 1, 1] : tensor<?x3x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x3x8xf32>>{%1}
  return
}
