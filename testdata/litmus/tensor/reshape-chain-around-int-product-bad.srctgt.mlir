// The same chain with the target's product taken on a shifted element: incorrect.
// RUN: not irverify check %s --no-confirm --timeout 10 | filecheck %s
// CHECK: @src: incorrect
// CHECK: Differing output: result #0 at [0, 0] : i32
// CHECK: verdict: incorrect

func.func @src(%e: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %t = arith.muli %e, %e : tensor<2x4xi32>
  return %t : tensor<2x4xi32>
}
func.func @tgt(%e: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<2x4xi32> into tensor<8xi32>
  %r = tensor.extract_slice %c[1] [7] [1] : tensor<8xi32> to tensor<7xi32>
  %z = arith.constant dense<0> : tensor<1xi32>
  %s = tensor.concat dim(0) %r, %z : (tensor<7xi32>, tensor<1xi32>) -> tensor<8xi32>
  %m = arith.muli %c, %s : tensor<8xi32>
  %t = tensor.expand_shape %m [[0, 1]] output_shape [2, 4] : tensor<8xi32> into tensor<2x4xi32>
  return %t : tensor<2x4xi32>
}
