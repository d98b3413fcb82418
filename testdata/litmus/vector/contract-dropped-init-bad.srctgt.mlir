// As contract-matmul, with the contraction accumulating into zeros instead of %c: the target
// drops the matmul's initial value.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: incorrect

func.func @src(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>, %c: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<2x3xi8>, tensor<3x4xi8>) outs(%c : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %r : tensor<2x4xi32>
}

func.func @tgt(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>, %c: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %c0 = arith.constant 0 : index
  %p8 = arith.constant 0 : i8
  %p32 = arith.constant 0 : i32
  %va = vector.transfer_read %a[%c0, %c0], %p8 {in_bounds = [true, true]} : tensor<2x3xi8>, vector<2x3xi8>
  %vb = vector.transfer_read %b[%c0, %c0], %p8 {in_bounds = [true, true]} : tensor<3x4xi8>, vector<3x4xi8>
  %vc = arith.constant dense<0> : vector<2x4xi32>
  %m = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %vc : vector<2x3xi8>, vector<3x4xi8> into vector<2x4xi32>
  %r = vector.transfer_write %m, %c[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xi32>, tensor<2x4xi32>
  return %r : tensor<2x4xi32>
}
