// A scatter that adds its updates is not one that subtracts them.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%u: tensor<2x3xi32>, %i: tensor<2x1xi32>, %o: tensor<4x3xi32>) -> tensor<4x3xi32> {
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%u, %i : tensor<2x3xi32>, tensor<2x1xi32>) outs(%o : tensor<4x3xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.addi %a, %b : i32
    iree_linalg_ext.yield %c : i32
  } -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}
func.func @tgt(%u: tensor<2x3xi32>, %i: tensor<2x1xi32>, %o: tensor<4x3xi32>) -> tensor<4x3xi32> {
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%u, %i : tensor<2x3xi32>, tensor<2x1xi32>) outs(%o : tensor<4x3xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.subi %a, %b : i32
    iree_linalg_ext.yield %c : i32
  } -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}
