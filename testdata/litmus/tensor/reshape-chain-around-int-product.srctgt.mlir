// A product computed on the collapsed tensor and expanded back is the product on the tensor.
// The element terms are the same term once the index is a constant; asked with a symbolic
// index, the solver had to prove (4i + j) floordiv 4 = i under a 32-bit product (past 20 s).
// RUN: irverify check %s --no-confirm --timeout 10 | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%e: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %t = arith.muli %e, %e : tensor<2x4xi32>
  return %t : tensor<2x4xi32>
}
func.func @tgt(%e: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<2x4xi32> into tensor<8xi32>
  %m = arith.muli %c, %c : tensor<8xi32>
  %t = tensor.expand_shape %m [[0, 1]] output_shape [2, 4] : tensor<8xi32> into tensor<2x4xi32>
  return %t : tensor<2x4xi32>
}
