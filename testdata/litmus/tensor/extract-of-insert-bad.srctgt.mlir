// Extracting a slice that only overlaps the inserted one is not the inserted tensor.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK-NEXT: ERROR: value mismatch
// CHECK: verdict: incorrect

func.func @src(%d: tensor<4x8xi32>, %s: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = tensor.insert_slice %s into %d[0, 4] [2, 3] [1, 1] : tensor<2x3xi32> into tensor<4x8xi32>
  %1 = tensor.extract_slice %0[0, 3] [2, 3] [1, 1] : tensor<4x8xi32> to tensor<2x3xi32>
  return %1 : tensor<2x3xi32>
}
func.func @tgt(%d: tensor<4x8xi32>, %s: tensor<2x3xi32>) -> tensor<2x3xi32> {
  return %s : tensor<2x3xi32>
}
