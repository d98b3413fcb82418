// iree_linalg_ext.split_reduction (tile sizes for splitting a reduction, a hint) does not
// change what the generic computes.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%a: tensor<4x256xi32>, %init: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x256xi32>) outs(%init : tensor<4xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.addi %x, %o : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
func.func @tgt(%a: tensor<4x256xi32>, %init: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x256xi32>) outs(%init : tensor<4xi32>) attrs = {iree_linalg_ext.split_reduction = [128]} {
  ^bb0(%x: i32, %o: i32):
    %s = arith.addi %x, %o : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
