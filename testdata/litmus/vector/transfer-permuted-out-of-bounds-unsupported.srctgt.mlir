// A transfer whose map permutes dims is encoded only with every dim in bounds.
// RUN: not irverify check %s --no-confirm 2>&1 | filecheck %s
// CHECK: unsupported: 'vector.transfer_read' with a permuting map affine_map<(d0, d1) -> (d1, d0)> and a dim that may run out of bounds

func.func @src(%a: tensor<4x6xf32>, %i: index) -> vector<6x4xf32> {
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %a[%i, %i], %z {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<4x6xf32>, vector<6x4xf32>
  return %v : vector<6x4xf32>
}

func.func @tgt(%a: tensor<4x6xf32>, %i: index) -> vector<6x4xf32> {
  %dead = arith.constant 0 : i8  // the target differs: an unchanged one is correct without encoding
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %a[%i, %i], %z {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<4x6xf32>, vector<6x4xf32>
  return %v : vector<6x4xf32>
}
