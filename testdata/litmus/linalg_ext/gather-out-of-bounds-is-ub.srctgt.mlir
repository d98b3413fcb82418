// Index 5 of a 5-row source is out of bounds: the gather (a load out of bounds in its scalar
// implementation) is UB, so any target refines it.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: source_ub
// CHECK: verdict: correct

func.func @src(%s: tensor<5x3xf32>) -> tensor<2x3xf32> {
  %i = arith.constant dense<[[1], [5]]> : tensor<2x1xi32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = iree_linalg_ext.gather dimension_map = [0] ins(%s, %i : tensor<5x3xf32>, tensor<2x1xi32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
func.func @tgt(%s: tensor<5x3xf32>) -> tensor<2x3xf32> {
  %z = arith.constant dense<0.0> : tensor<2x3xf32>
  return %z : tensor<2x3xf32>
}
