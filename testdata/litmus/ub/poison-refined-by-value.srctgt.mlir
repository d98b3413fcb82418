// A ub.poison tensor (and scalar) may be refined by any value: replacing it by zeros is correct.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%c: i1, %x: tensor<4xf32>) -> (tensor<4xf32>, i32) {
  %p = ub.poison : tensor<4xf32>
  %q = ub.poison : i32
  %r = arith.select %c, %p, %x : tensor<4xf32>
  return %r, %q : tensor<4xf32>, i32
}
func.func @tgt(%c: i1, %x: tensor<4xf32>) -> (tensor<4xf32>, i32) {
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %k = arith.constant 0 : i32
  %r = arith.select %c, %z, %x : tensor<4xf32>
  return %r, %k : tensor<4xf32>, i32
}
