// A custom_op is not the identity on its outs operand, nor any other function than its region:
// replacing it by its outs operand changes the result.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect
func.func @src(%a : tensor<3x5xi32>, %b : tensor<3xi32>, %k : i32) -> tensor<3xi32> {
  %0 = iree_linalg_ext.custom_op {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
      iterator_types = [#iree_linalg_ext.iterator_type<parallel>, #iree_linalg_ext.iterator_type<reduction>]}
      ins(%a : tensor<3x5xi32>) outs(%b : tensor<3xi32>) {
    ^bb0(%x : tensor<?x?xi32>, %y : tensor<?xi32>):
      %1 = linalg.generic {
          indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
          iterator_types = ["parallel", "reduction"]}
          ins(%x : tensor<?x?xi32>) outs(%y : tensor<?xi32>) {
        ^bb1(%e : i32, %acc : i32):
          %2 = arith.addi %e, %acc : i32
          %3 = arith.xori %2, %k : i32
          linalg.yield %3 : i32
      } -> tensor<?xi32>
      iree_linalg_ext.yield %1 : tensor<?xi32>
  } -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
func.func @tgt(%a : tensor<3x5xi32>, %b : tensor<3xi32>, %k : i32) -> tensor<3xi32> {
  return %b : tensor<3xi32>
}
