// linalg.transpose of a square matrix is not the identity.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK-NEXT: ERROR: value mismatch
// CHECK: verdict: incorrect

func.func @src(%a: tensor<3x3xi32>, %init: tensor<3x3xi32>) -> tensor<3x3xi32> {
  %0 = linalg.transpose ins(%a : tensor<3x3xi32>) outs(%init : tensor<3x3xi32>) permutation = [1, 0]
  return %0 : tensor<3x3xi32>
}
func.func @tgt(%a: tensor<3x3xi32>, %init: tensor<3x3xi32>) -> tensor<3x3xi32> {
  return %a : tensor<3x3xi32>
}
