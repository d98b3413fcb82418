// FoldUnPaddingCollapseIntoExtract (MLIR (upstream)), instance rank4[A=?,B=5] (mixed) of patterns/upstream-tensor-reshape.pattern.
// src: the entry's before-template; tgt: produced by transform pass 'tensor.reassociative_reshape_folding'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%t: tensor<4x?x2x5xf32>, %x: index, %y: index) -> tensor<?x5xf32> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %A = tensor.dim %t, %c1 : tensor<4x?x2x5xf32>
  %B = arith.constant 5 : index
  %0 = tensor.extract_slice %t[%x, 0, %y, 0] [1, %A, 1, 5] [1, 1, 1, 1] : tensor<4x?x2x5xf32> to tensor<1x?x1x5xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2, 3]] : tensor<1x?x1x5xf32> into tensor<?x5xf32>
  return %1 : tensor<?x5xf32>
}

func.func @tgt(%arg0: tensor<4x?x2x5xf32>, %arg1: index, %arg2: index) -> tensor<?x5xf32> {
  %c1 = arith.constant 1 : index
  %dim = tensor.dim %arg0, %c1 : tensor<4x?x2x5xf32>
  %extracted_slice = tensor.extract_slice %arg0[%arg1, 0, %arg2, 0] [1, %dim, 1, 5] [1, 1, 1, 1] : tensor<4x?x2x5xf32> to tensor<?x5xf32>
  return %extracted_slice : tensor<?x5xf32>
}
