// Elementwise x * y is not x * x on a static tensor.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: %x : tensor<2x3xi32> = [[
// CHECK: Differing output: result #0 at [{{[0-9]+}}, {{[0-9]+}}]
// CHECK: verdict: incorrect

func.func @src(%x: tensor<2x3xi32>, %y: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = arith.muli %x, %y : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

func.func @tgt(%x: tensor<2x3xi32>, %y: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = arith.muli %x, %x : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
