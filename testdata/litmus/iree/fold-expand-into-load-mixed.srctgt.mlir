// FoldExpandShapeIntoInterfaceTensorLoad (IREE), instance rank2[A=?,B=4] (mixed) of patterns/iree-reshape-into-interface.pattern.
// src: the entry's before-template; tgt: produced by iree pass 'builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor))'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#layout = #hal.pipeline.layout<constants = 2, bindings = [
    #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">], flags = Indirect>
func.func @src() -> tensor<?x4x16xi32> {
  %c0 = arith.constant 0 : index
  %A = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %B = arith.constant 4 : index
  %AB = affine.apply affine_map<()[s0, s1] -> (s0 * s1)>()[%A, %B]
  %s = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x16xi32>>{%AB}
  %l = iree_tensor_ext.dispatch.tensor.load %s, offsets = [0, 0], sizes = [%AB, 16], strides = [1, 1]
      : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x16xi32>>{%AB} -> tensor<?x16xi32>
  %r = tensor.expand_shape %l [[0, 1], [2]] output_shape [%A, 4, 16] : tensor<?x16xi32> into tensor<?x4x16xi32>
  return %r : tensor<?x4x16xi32>
}

func.func @tgt() -> tensor<?x4x16xi32> {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">], flags = Indirect>) ordinal(0) : index
  %1 = affine.apply affine_map<()[s0, s1] -> (s0 * s1)>()[%0, %c4]
  %2 = arith.divsi %1, %c4 : index
  %3 = hal.interface.binding.subspan layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4x16xi32>>{%2}
  %4 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0, 0], sizes = [%2, 4, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4x16xi32>>{%2} -> tensor<?x4x16xi32>
  return %4 : tensor<?x4x16xi32>
}
