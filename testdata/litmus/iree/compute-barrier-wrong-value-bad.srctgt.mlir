// A barrier is an identity on its operand, not on another value of the same type: a rewrite
// that moves the end barrier onto the wrong tensor changes the result.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect
func.func @src(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.addf %x, %y : tensor<4xf32>
  %b = iree_tensor_ext.compute_barrier.end %s : tensor<4xf32> -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func @tgt(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.addf %x, %y : tensor<4xf32>
  %b = iree_tensor_ext.compute_barrier.end %x : tensor<4xf32> -> tensor<4xf32>
  return %b : tensor<4xf32>
}
