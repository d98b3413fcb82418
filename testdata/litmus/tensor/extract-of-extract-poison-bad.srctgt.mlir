// Poison elements travel through composed strided slices: moving the add after the slices is
// fine, adding `nsw` on the way is not (the target is poison where the source wraps).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Target value: poison
// CHECK: verdict: incorrect

func.func @src(%x: tensor<?xi8>) -> tensor<2xi8> {
  %y = arith.addi %x, %x : tensor<?xi8>
  %0 = tensor.extract_slice %y[1] [8] [2] : tensor<?xi8> to tensor<8xi8>
  %1 = tensor.extract_slice %0[2] [2] [3] : tensor<8xi8> to tensor<2xi8>
  return %1 : tensor<2xi8>
}

func.func @tgt(%x: tensor<?xi8>) -> tensor<2xi8> {
  %0 = tensor.extract_slice %x[5] [2] [6] : tensor<?xi8> to tensor<2xi8>
  %y = arith.addi %0, %0 overflow<nsw> : tensor<2xi8>
  return %y : tensor<2xi8>
}
