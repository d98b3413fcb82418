// iree_vector_ext.transfer_gather: result[i, j] = s[ix[i], j] (the source map gathers dim 0
// through the index vector, dim 1 is contiguous); the source's tensor.extract is UB outside s,
// where the gather's value is unknown.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

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
  %ipad = ub.poison : i64
  %c0 = arith.constant 0 : index
  %iv = vector.transfer_read %ix[%c0], %ipad {in_bounds = [true]} : tensor<4xi64>, vector<4xi64>
  %ii = arith.index_cast %iv : vector<4xi64> to vector<4xindex>
  %g = iree_vector_ext.transfer_gather %s[%c0, %c0] [%ii : vector<4xindex>], %pad <indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]> : tensor<16x8xf16>, vector<4x8xf16>
  %e = tensor.empty() : tensor<4x8xf16>
  %r = vector.transfer_write %g, %e[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf16>, tensor<4x8xf16>
  return %r : tensor<4x8xf16>
}
