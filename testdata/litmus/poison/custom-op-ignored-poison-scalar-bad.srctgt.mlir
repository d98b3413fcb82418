// A poison scalar operand of iree_linalg_ext.custom_op reaches only what its region computes
// from it: a region that ignores it gives defined results, so a target that returns another
// tensor is wrong.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect
func.func @src(%a: tensor<3xi32>, %b: tensor<3xi32>, %x: i32) -> tensor<3xi32> {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  %0 = iree_linalg_ext.custom_op {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>],
      iterator_types = [#iree_linalg_ext.iterator_type<parallel>]}
      ins(%a, %p : tensor<3xi32>, i32) outs(%b : tensor<3xi32>) {
    ^bb0(%u : tensor<?xi32>, %s : i32, %w : tensor<?xi32>):
      iree_linalg_ext.yield %u : tensor<?xi32>
  } -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
func.func @tgt(%a: tensor<3xi32>, %b: tensor<3xi32>, %x: i32) -> tensor<3xi32> {
  return %b : tensor<3xi32>
}
