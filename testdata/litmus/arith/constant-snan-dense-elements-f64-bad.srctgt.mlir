// Signalling NaNs in a non-splat dense f64 constant keep their bits; a target
// holding the quieted patterns differs.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Differing output: result #0 at [1]
// CHECK-NEXT: Source value: 9218868437227405313
// CHECK-NEXT: Target value: 9221120237041090561
// CHECK: verdict: incorrect

func.func @src() -> tensor<4xi64> {
  %c = arith.constant dense<[1.0, 0x7FF0000000000001, -2.5, 0x7FF0000000000003]> : tensor<4xf64>
  %b = arith.bitcast %c : tensor<4xf64> to tensor<4xi64>
  return %b : tensor<4xi64>
}

func.func @tgt() -> tensor<4xi64> {
  %c = arith.constant dense<[4607182418800017408, 9221120237041090561, -4610560118520545280, 9221120237041090563]> : tensor<4xi64>
  return %c : tensor<4xi64>
}
