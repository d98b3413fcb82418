// A lone 'contract' on a conversion does not change its value under either reading: removing
// the flag is correct and no reading is named.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK-NOT: assumption
// CHECK: verdict: correct
func.func @src(%x: tensor<4xf32>) -> tensor<4xf64> {
  %t = arith.truncf %x fastmath<contract> : tensor<4xf32> to tensor<4xf16>
  %e = arith.extf %t fastmath<contract> : tensor<4xf16> to tensor<4xf64>
  return %e : tensor<4xf64>
}
func.func @tgt(%x: tensor<4xf32>) -> tensor<4xf64> {
  %t = arith.truncf %x : tensor<4xf32> to tensor<4xf16>
  %e = arith.extf %t : tensor<4xf16> to tensor<4xf64>
  return %e : tensor<4xf64>
}
