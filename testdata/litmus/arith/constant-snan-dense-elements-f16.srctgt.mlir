// Signalling NaNs in a non-splat dense f16 constant keep their exact bits.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src() -> tensor<4xi16> {
  %c = arith.constant dense<[1.0, 0x7C01, -2.5, 0x7C03]> : tensor<4xf16>
  %b = arith.bitcast %c : tensor<4xf16> to tensor<4xi16>
  return %b : tensor<4xi16>
}

func.func @tgt() -> tensor<4xi16> {
  %c = arith.constant dense<[15360, 31745, -16128, 31747]> : tensor<4xi16>
  return %c : tensor<4xi16>
}
