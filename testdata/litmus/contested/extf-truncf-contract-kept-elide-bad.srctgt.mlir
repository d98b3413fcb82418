// Under --contract-conversions=elide, a pass that drops the 'contract' flags (so the rounding
// can no longer be folded away) changes the result; under the default it is correct.
// RUN: not irverify check %s --no-confirm --contract-conversions=elide | filecheck %s
// CHECK: @src: incorrect
// CHECK: (under --contract-conversions=round: correct)
// CHECK: verdict: incorrect
func.func @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = arith.truncf %x fastmath<contract> : tensor<4xf32> to tensor<4xf16>
  %e = arith.extf %t fastmath<contract> : tensor<4xf16> to tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = arith.truncf %x : tensor<4xf32> to tensor<4xf16>
  %e = arith.extf %t : tensor<4xf16> to tensor<4xf32>
  return %e : tensor<4xf32>
}
