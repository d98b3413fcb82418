// FoldExpandOfRankReducingExtract (MLIR (upstream)), instance rank4[N=?,P=?] (dynamic) of patterns/upstream-tensor-reshape.pattern.
// src: the entry's before-template; tgt: produced by transform pass 'tensor.reassociative_reshape_folding'.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%t: tensor<?x?x3x5xf32>, %sz: index) -> tensor<?x1x1x5xf32> {
  %0 = tensor.extract_slice %t[0, 1, 2, 0] [%sz, 1, 1, 5] [1, 1, 1, 1] : tensor<?x?x3x5xf32> to tensor<?x1x5xf32>
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x1x5xf32>
  %1 = tensor.expand_shape %0 [[0], [1, 2], [3]] output_shape [%d0, 1, 1, 5] : tensor<?x1x5xf32> into tensor<?x1x1x5xf32>
  return %1 : tensor<?x1x1x5xf32>
}

func.func @tgt(%arg0: tensor<?x?x3x5xf32>, %arg1: index) -> tensor<?x1x1x5xf32> {
  %extracted_slice = tensor.extract_slice %arg0[0, 1, 2, 0] [%arg1, 1, 1, 5] [1, 1, 1, 1] : tensor<?x?x3x5xf32> to tensor<?x1x1x5xf32>
  return %extracted_slice : tensor<?x1x1x5xf32>
}
