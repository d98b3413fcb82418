// Signalling NaN bits of a dense i16 tensor (0x7C01 = 31745, 0xFC02 = -1022) bitcast to f16
// and back are unchanged, also under exact IEEE floats.
// RUN: irverify check %s --no-confirm | filecheck %s
// RUN: irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src() -> tensor<2x2xi16> {
  %c = arith.constant dense<[[31745, 0], [-1022, 15360]]> : tensor<2x2xi16>
  %f = arith.bitcast %c : tensor<2x2xi16> to tensor<2x2xf16>
  %n = arith.negf %f : tensor<2x2xf16>
  %m = arith.negf %n : tensor<2x2xf16>
  %b = arith.bitcast %m : tensor<2x2xf16> to tensor<2x2xi16>
  return %b : tensor<2x2xi16>
}

func.func @tgt() -> tensor<2x2xi16> {
  %c = arith.constant dense<[[31745, 0], [-1022, 15360]]> : tensor<2x2xi16>
  return %c : tensor<2x2xi16>
}
