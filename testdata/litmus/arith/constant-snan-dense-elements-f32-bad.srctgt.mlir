// Signalling NaNs in a non-splat dense f32 constant keep their bits; a target
// holding the quieted patterns differs.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Differing output: result #0 at [1]
// CHECK-NEXT: Source value: 2139095041
// CHECK-NEXT: Target value: 2143289345
// CHECK: verdict: incorrect

func.func @src() -> tensor<4xi32> {
  %c = arith.constant dense<[1.0, 0x7F800001, -2.5, 0x7F800003]> : tensor<4xf32>
  %b = arith.bitcast %c : tensor<4xf32> to tensor<4xi32>
  return %b : tensor<4xi32>
}

func.func @tgt() -> tensor<4xi32> {
  %c = arith.constant dense<[1065353216, 2143289345, -1071644672, 2143289347]> : tensor<4xi32>
  return %c : tensor<4xi32>
}
