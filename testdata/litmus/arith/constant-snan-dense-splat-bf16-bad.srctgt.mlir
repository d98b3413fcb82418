// Signalling NaNs in a splat dense bf16 constant keep their bits; a target
// holding the quieted patterns differs.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Differing output: result #0 at [0]
// CHECK-NEXT: Source value: 32641
// CHECK-NEXT: Target value: 32705
// CHECK: verdict: incorrect

func.func @src() -> tensor<4xi16> {
  %c = arith.constant dense<0x7F81> : tensor<4xbf16>
  %b = arith.bitcast %c : tensor<4xbf16> to tensor<4xi16>
  return %b : tensor<4xi16>
}

func.func @tgt() -> tensor<4xi16> {
  %c = arith.constant dense<[32705, 32705, 32705, 32705]> : tensor<4xi16>
  return %c : tensor<4xi16>
}
