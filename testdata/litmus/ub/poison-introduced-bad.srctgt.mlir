// Introducing ub.poison where the source computes a value is wrong.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%c: i1, %x: tensor<4xf32>) -> tensor<4xf32> {
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %r = arith.select %c, %z, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @tgt(%c: i1, %x: tensor<4xf32>) -> tensor<4xf32> {
  %p = ub.poison : tensor<4xf32>
  %r = arith.select %c, %p, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
