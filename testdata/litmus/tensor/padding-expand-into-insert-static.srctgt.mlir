// FoldPaddingExpandIntoInsert (MLIR (upstream)), instance rank4[A=3,B=4] (static) of patterns/upstream-tensor-reshape.pattern.
// src: the entry's before-template; tgt: produced by transform pass 'tensor.reassociative_reshape_folding'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%t: tensor<3x4xf32>, %d: tensor<2x8x3x9xf32>, %x: index, %y: index) -> tensor<2x8x3x9xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %A = arith.constant 3 : index
  %B = arith.constant 4 : index
  %0 = tensor.expand_shape %t [[0, 1], [2, 3]] output_shape [1, 3, 1, 4] : tensor<3x4xf32> into tensor<1x3x1x4xf32>
  %1 = tensor.insert_slice %0 into %d[%x, %y, 1, 0] [1, 3, 1, 4] [1, 1, 1, 1] : tensor<1x3x1x4xf32> into tensor<2x8x3x9xf32>
  return %1 : tensor<2x8x3x9xf32>
}

func.func @tgt(%arg0: tensor<3x4xf32>, %arg1: tensor<2x8x3x9xf32>, %arg2: index, %arg3: index) -> tensor<2x8x3x9xf32> {
  %inserted_slice = tensor.insert_slice %arg0 into %arg1[%arg2, %arg3, 1, 0] [1, 3, 1, 4] [1, 1, 1, 1] : tensor<3x4xf32> into tensor<2x8x3x9xf32>
  return %inserted_slice : tensor<2x8x3x9xf32>
}
