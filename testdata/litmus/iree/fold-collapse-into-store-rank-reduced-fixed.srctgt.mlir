// FoldCollapseShapeIntoInterfaceTensorStoreFullSlice (IREE), instance rank_reduced[R=?,K=2] (mixed) of patterns/iree-reshape-into-interface.pattern.
// src: the entry's before-template; tgt: produced by iree pass 'builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor))'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: note: source_ub: the source is undefined on some inputs; correct where it is defined
// CHECK: verdict: correct

#layout = #hal.pipeline.layout<constants = 3, bindings = [
    #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @src(%x: tensor<?x2xi32>) {
  %c0 = arith.constant 0 : index
  %M = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %s = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%M}
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  iree_tensor_ext.dispatch.tensor.store %c, %s, offsets = [0, 0], sizes = [%M, 1], strides = [1, 1]
      : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%M}
  return
}

func.func @tgt(%arg0: tensor<?x2xi32>) {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(<constants = 3, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : index
  %1 = arith.divsi %0, %c2 : index
  %2 = hal.interface.binding.subspan layout(<constants = 3, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xi32>>{%1}
  iree_tensor_ext.dispatch.tensor.store %arg0, %2, offsets = [0, 0, 0], sizes = [%1, 2, 1], strides = [1, 1, 1] : tensor<?x2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xi32>>{%1}
  return
}
