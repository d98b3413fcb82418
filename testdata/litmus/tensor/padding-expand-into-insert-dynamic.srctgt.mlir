// FoldPaddingExpandIntoInsert (MLIR (upstream)), instance rank4[A=?,B=?] (dynamic) of patterns/upstream-tensor-reshape.pattern.
// src: the entry's before-template; tgt: produced by transform pass 'tensor.reassociative_reshape_folding'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%t: tensor<?x?xf32>, %d: tensor<2x8x3x9xf32>, %x: index, %y: index) -> tensor<2x8x3x9xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %A = tensor.dim %t, %c0 : tensor<?x?xf32>
  %B = tensor.dim %t, %c1 : tensor<?x?xf32>
  %0 = tensor.expand_shape %t [[0, 1], [2, 3]] output_shape [1, %A, 1, %B] : tensor<?x?xf32> into tensor<1x?x1x?xf32>
  %1 = tensor.insert_slice %0 into %d[%x, %y, 1, 0] [1, %A, 1, %B] [1, 1, 1, 1] : tensor<1x?x1x?xf32> into tensor<2x8x3x9xf32>
  return %1 : tensor<2x8x3x9xf32>
}

func.func @tgt(%arg0: tensor<?x?xf32>, %arg1: tensor<2x8x3x9xf32>, %arg2: index, %arg3: index) -> tensor<2x8x3x9xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
  %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
  %inserted_slice = tensor.insert_slice %arg0 into %arg1[%arg2, %arg3, 1, 0] [1, %dim, 1, %dim_0] [1, 1, 1, 1] : tensor<?x?xf32> into tensor<2x8x3x9xf32>
  return %inserted_slice : tensor<2x8x3x9xf32>
}
