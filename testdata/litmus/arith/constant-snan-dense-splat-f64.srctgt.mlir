// Signalling NaNs in a splat dense f64 constant keep their exact bits.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src() -> tensor<4xi64> {
  %c = arith.constant dense<0x7FF0000000000001> : tensor<4xf64>
  %b = arith.bitcast %c : tensor<4xf64> to tensor<4xi64>
  return %b : tensor<4xi64>
}

func.func @tgt() -> tensor<4xi64> {
  %c = arith.constant dense<[9218868437227405313, 9218868437227405313, 9218868437227405313, 9218868437227405313]> : tensor<4xi64>
  return %c : tensor<4xi64>
}
