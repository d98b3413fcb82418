// Signalling NaN bits of a dense i32 tensor bitcast to f32 and back are not quieted
// (0xFF800002 = -8388606 stays; 0xFFC00002 = -4194302 differs).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: -8388606
// CHECK-NEXT: Target value: -4194302
// CHECK: verdict: incorrect

func.func @src() -> tensor<2xi32> {
  %c = arith.constant dense<[7, -8388606]> : tensor<2xi32>
  %f = arith.bitcast %c : tensor<2xi32> to tensor<2xf32>
  %b = arith.bitcast %f : tensor<2xf32> to tensor<2xi32>
  return %b : tensor<2xi32>
}

func.func @tgt() -> tensor<2xi32> {
  %c = arith.constant dense<[7, -4194302]> : tensor<2xi32>
  return %c : tensor<2xi32>
}
