// Composing nested extract_slices without multiplying the inner offset by the outer stride.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK-NEXT: ERROR: value mismatch
// CHECK: verdict: incorrect

func.func @src(%t: tensor<16x16xf32>) -> tensor<2x2xf32> {
  %0 = tensor.extract_slice %t[0, 0] [8, 8] [2, 2] : tensor<16x16xf32> to tensor<8x8xf32>
  %1 = tensor.extract_slice %0[1, 1] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}
func.func @tgt(%t: tensor<16x16xf32>) -> tensor<2x2xf32> {
  %0 = tensor.extract_slice %t[1, 1] [2, 2] [2, 2] : tensor<16x16xf32> to tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
