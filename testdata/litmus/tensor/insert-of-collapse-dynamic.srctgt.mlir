// FoldInsertOfRankReducingInsert (MLIR (upstream)), instance rank4[N=?,D=?] (dynamic) of patterns/upstream-tensor-reshape.pattern.
// src: the entry's before-template; tgt: produced by transform pass 'tensor.reassociative_reshape_folding'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%t: tensor<?x1x1x5xf32>, %d: tensor<?x3x3x5xf32>) -> tensor<?x3x3x5xf32> {
  %c0 = arith.constant 0 : index
  %N = tensor.dim %t, %c0 : tensor<?x1x1x5xf32>
  %0 = tensor.collapse_shape %t [[0, 1], [2], [3]] : tensor<?x1x1x5xf32> into tensor<?x1x5xf32>
  %1 = tensor.insert_slice %0 into %d[0, 1, 2, 0] [%N, 1, 1, 5] [1, 1, 1, 1] : tensor<?x1x5xf32> into tensor<?x3x3x5xf32>
  return %1 : tensor<?x3x3x5xf32>
}

func.func @tgt(%arg0: tensor<?x1x1x5xf32>, %arg1: tensor<?x3x3x5xf32>) -> tensor<?x3x3x5xf32> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %arg0, %c0 : tensor<?x1x1x5xf32>
  %inserted_slice = tensor.insert_slice %arg0 into %arg1[0, 1, 2, 0] [%dim, 1, 1, 5] [1, 1, 1, 1] : tensor<?x1x1x5xf32> into tensor<?x3x3x5xf32>
  return %inserted_slice : tensor<?x3x3x5xf32>
}
