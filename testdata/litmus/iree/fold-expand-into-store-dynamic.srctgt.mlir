// FoldExpandShapeIntoInterfaceTensorStore (IREE), instance rank2[A=?,B=?] (dynamic) of patterns/iree-reshape-into-interface.pattern.
// src: the entry's before-template; tgt: produced by iree pass 'builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor))'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#layout = #hal.pipeline.layout<constants = 2, bindings = [
    #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @src(%x: tensor<?x4xi32>) {
  %c0 = arith.constant 0 : index
  %A = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %B = hal.interface.constant.load layout(#layout) ordinal(1) : index
  %s = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?x4xi32>>{%A, %B}
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [%A, %B, 4] : tensor<?x4xi32> into tensor<?x?x4xi32>
  iree_tensor_ext.dispatch.tensor.store %e, %s, offsets = [0, 0, 0], sizes = [%A, %B, 4], strides = [1, 1, 1]
      : tensor<?x?x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?x4xi32>>{%A, %B}
  return
}

func.func @tgt(%arg0: tensor<?x4xi32>) {
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : index
  %1 = hal.interface.constant.load layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : index
  %2 = affine.apply affine_map<()[s0, s1] -> (s0 * s1)>()[%0, %1]
  %3 = hal.interface.binding.subspan layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%2}
  iree_tensor_ext.dispatch.tensor.store %arg0, %3, offsets = [0, 0], sizes = [%2, 4], strides = [1, 1] : tensor<?x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%2}
  return
}
