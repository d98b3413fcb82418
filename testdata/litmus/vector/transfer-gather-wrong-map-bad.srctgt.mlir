// A gather through the wrong index map (the index vector indexed by the column, 8 lanes of it
// read with padding 0) reads other rows.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: incorrect

func.func @src(%s: tensor<16x8xf16>, %ix: tensor<4xi64>) -> tensor<4x8xf16> {
  %e = tensor.empty() : tensor<4x8xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ix : tensor<4xi64>) outs(%e : tensor<4x8xf16>) {
  ^bb0(%row: i64, %out: f16):
    %r = arith.index_cast %row : i64 to index
    %c = linalg.index 1 : index
    %x = tensor.extract %s[%r, %c] : tensor<16x8xf16>
    linalg.yield %x : f16
  } -> tensor<4x8xf16>
  return %r : tensor<4x8xf16>
}

func.func @tgt(%s: tensor<16x8xf16>, %ix: tensor<4xi64>) -> tensor<4x8xf16> {
  %pad = ub.poison : f16
  %ipad = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %iv = vector.transfer_read %ix[%c0], %ipad : tensor<4xi64>, vector<8xi64>
  %ii = arith.index_cast %iv : vector<8xi64> to vector<8xindex>
  %g = iree_vector_ext.transfer_gather %s[%c0, %c0] [%ii : vector<8xindex>], %pad <indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d1)>]> : tensor<16x8xf16>, vector<4x8xf16>
  %e = tensor.empty() : tensor<4x8xf16>
  %r = vector.transfer_write %g, %e[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf16>, tensor<4x8xf16>
  return %r : tensor<4x8xf16>
}
