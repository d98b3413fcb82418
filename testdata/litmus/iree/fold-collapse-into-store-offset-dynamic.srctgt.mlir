// FoldCollapseShapeIntoInterfaceTensorStore (IREE), instance offset[K=?] (dynamic) of patterns/iree-reshape-into-interface.pattern.
// src: the entry's before-template; tgt: produced by iree pass 'builtin.module(func.func(iree-codegen-fold-reshape-into-interface-tensor))'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#layout = #hal.pipeline.layout<constants = 1, bindings = [
    #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @src(%x: tensor<3x4x8xf32>) {
  %c0 = arith.constant 0 : index
  %K = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %K12 = affine.apply affine_map<()[s0] -> (s0 * 12)>()[%K]
  %s = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<48x8xf32>>
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<3x4x8xf32> into tensor<12x8xf32>
  iree_tensor_ext.dispatch.tensor.store %c, %s, offsets = [%K12, 0], sizes = [12, 8], strides = [1, 1]
      : tensor<12x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<48x8xf32>>
  return
}

func.func @tgt(%arg0: tensor<3x4x8xf32>) {
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : index
  %1 = hal.interface.binding.subspan layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<12x4x8xf32>>
  %2 = affine.apply affine_map<()[s0] -> (s0 * 3)>()[%0]
  iree_tensor_ext.dispatch.tensor.store %arg0, %1, offsets = [%2, 0, 0], sizes = [3, 4, 8], strides = [1, 1, 1] : tensor<3x4x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<12x4x8xf32>>
  return
}
