// The output of iree-base-compiler 3.13.0 for iree313_masked_gather_poison_index.before.mlir:
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-codegen-generic-vectorization{enable-vector-masking=true vectorize-to-transfer-gather=true}))"
module {
  func.func @dynamic_paged_gather_read(%arg0: tensor<16x8xf16>, %arg1: tensor<?xi64>, %arg2: index) -> tensor<?x8xf16> {
    %0 = ub.poison : f16
    %1 = ub.poison : i64
    %c0 = arith.constant 0 : index
    %2 = affine.min affine_map<(d0) -> (d0, 4)>(%arg2)
    %extracted_slice = tensor.extract_slice %arg1[0] [%2] [1] : tensor<?xi64> to tensor<?xi64>
    %3 = tensor.empty(%2) : tensor<?x8xf16>
    %4 = vector.create_mask %2 : vector<4xi1>
    %5 = vector.transfer_read %extracted_slice[%c0], %1, %4 {in_bounds = [true]} : tensor<?xi64>, vector<4xi64>
    %6 = arith.index_cast %5 : vector<4xi64> to vector<4xindex>
    %7 = iree_vector_ext.transfer_gather %arg0[%c0, %c0] [%6 : vector<4xindex>], %0 <indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]> : tensor<16x8xf16>, vector<4x8xf16>
    %8 = vector.transfer_write %7, %3[%c0, %c0] {in_bounds = [false, true]} : vector<4x8xf16>, tensor<?x8xf16>
    return %8 : tensor<?x8xf16>
  }
}
