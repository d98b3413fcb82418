// FoldCollapseShapeIntoInterfaceTensorLoad (IREE), instance rank3[A=2,B=?] (mixed) of patterns/iree-reshape-into-interface.pattern.
// src: the entry's before-template; tgt: produced by iree pass 'builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor))'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#layout = #hal.pipeline.layout<constants = 2, bindings = [
    #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">], flags = Indirect>
func.func @src() -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %A = arith.constant 2 : index
  %B = hal.interface.constant.load layout(#layout) ordinal(1) : index
  %s = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x8xf32>>{%B}
  %l = iree_tensor_ext.dispatch.tensor.load %s, offsets = [0, 0, 0], sizes = [2, %B, 8], strides = [1, 1, 1]
      : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x8xf32>>{%B} -> tensor<2x?x8xf32>
  %r = tensor.collapse_shape %l [[0, 1], [2]] : tensor<2x?x8xf32> into tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

func.func @tgt() -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">], flags = Indirect>) ordinal(1) : index
  %1 = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%0]
  %2 = hal.interface.binding.subspan layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%1}
  %3 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0], sizes = [%1, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%1} -> tensor<?x8xf32>
  return %3 : tensor<?x8xf32>
}
