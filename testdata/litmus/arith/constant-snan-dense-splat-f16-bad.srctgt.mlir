// Signalling NaNs in a splat dense f16 constant keep their bits; a target
// holding the quieted patterns differs.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Differing output: result #0 at [0]
// CHECK-NEXT: Source value: 31745
// CHECK-NEXT: Target value: 32257
// CHECK: verdict: incorrect

func.func @src() -> tensor<4xi16> {
  %c = arith.constant dense<0x7C01> : tensor<4xf16>
  %b = arith.bitcast %c : tensor<4xf16> to tensor<4xi16>
  return %b : tensor<4xi16>
}

func.func @tgt() -> tensor<4xi16> {
  %c = arith.constant dense<[32257, 32257, 32257, 32257]> : tensor<4xi16>
  return %c : tensor<4xi16>
}
