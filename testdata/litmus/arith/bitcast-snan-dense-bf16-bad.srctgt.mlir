// A dense i16 tensor bitcast to bf16 and back keeps signalling NaN bits (0x7F81 = 32641); the
// quieted pattern (0x7FC1 = 32705) differs. Also under exact IEEE floats.
// RUN: not irverify check %s --no-confirm | filecheck %s
// RUN: not irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: 32641
// CHECK-NEXT: Target value: 32705
// CHECK: verdict: incorrect

func.func @src() -> tensor<3xi16> {
  %c = arith.constant dense<[1, 32641, -2]> : tensor<3xi16>
  %f = arith.bitcast %c : tensor<3xi16> to tensor<3xbf16>
  %b = arith.bitcast %f : tensor<3xbf16> to tensor<3xi16>
  return %b : tensor<3xi16>
}

func.func @tgt() -> tensor<3xi16> {
  %c = arith.constant dense<[1, 32705, -2]> : tensor<3xi16>
  return %c : tensor<3xi16>
}
