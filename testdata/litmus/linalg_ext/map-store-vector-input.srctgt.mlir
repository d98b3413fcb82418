// The vectorized map_store (its input read into a vector first) stores the same elements as the
// tensor form; masked-off elements (k = 1) leave the output's elements in place.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%src: tensor<2x4x3xi32>, %out: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %r = iree_linalg_ext.map_store %src into %out {
  ^bb0(%i: index, %j: index, %k: index):
    %l = affine.linearize_index disjoint [%i, %j] by (2, 4) : index
    %c1 = arith.constant 1 : index
    %m = arith.cmpi ne, %k, %c1 : index
    iree_linalg_ext.yield %l, %k, %m : index, index, i1
  } : tensor<2x4x3xi32> into tensor<8x4xi32> -> tensor<8x4xi32>
  return %r : tensor<8x4xi32>
}

func.func @tgt(%src: tensor<2x4x3xi32>, %out: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %c0 = arith.constant 0 : index
  %p = ub.poison : i32
  %v = vector.transfer_read %src[%c0, %c0, %c0], %p {in_bounds = [true, true, true]} : tensor<2x4x3xi32>, vector<2x4x3xi32>
  %r = iree_linalg_ext.map_store %v into %out {
  ^bb0(%i: index, %j: index, %k: index):
    %l = affine.linearize_index disjoint [%i, %j] by (2, 4) : index
    %c1 = arith.constant 1 : index
    %m = arith.cmpi ne, %k, %c1 : index
    iree_linalg_ext.yield %l, %k, %m : index, index, i1
  } : vector<2x4x3xi32> into tensor<8x4xi32> -> tensor<8x4xi32>
  return %r : tensor<8x4xi32>
}
