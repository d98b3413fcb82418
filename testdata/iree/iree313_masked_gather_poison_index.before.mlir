// From the lit case @dynamic_paged_gather_read of IREE's
// Codegen/Common/test/generic_vectorization_using_transfer_gather_masked.mlir (IREE test suite,
// Apache-2.0 WITH LLVM-exception), with the storage shrunk from 8192x8 to 16x8 and the
// affine.min bound from 128 to 4 (the pass output has the same form). after.mlir is
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-codegen-generic-vectorization{enable-vector-masking=true vectorize-to-transfer-gather=true}))"
// applied to it by iree-base-compiler 3.13.0.
//
// The source gathers rows %storage[%ind[i], :] for i < min(%n, 4) only. The masked
// vectorization reads %ind with a mask (lanes i >= min(%n, 4) get the padding, ub.poison), but
// the iree_vector_ext.transfer_gather that uses those lanes as row indices has no mask: it
// gathers all 4 rows, the masked-off ones at poison indices. IREE lowers a transfer_gather
// without a mask to vector.gather with an all-true mask
// (VectorExt/Transforms/LowerTransferGatherScatterToVector.cpp), and vector.gather's
// definition makes an enabled lane with an out-of-bounds index undefined: a poison index may be
// any value. With %n = 0 every lane is masked off, and the target reads %storage at four
// arbitrary rows where the source reads nothing. Execution cannot show it (the poison lanes hold
// whatever the registers held); irverify's concrete evaluation of the op definitions does.
func.func @dynamic_paged_gather_read(
    %storage : tensor<16x8xf16>, %ind: tensor<?xi64>, %n: index) -> tensor<?x8xf16> {
  %sz = affine.min affine_map<(d0) -> (d0, 4)>(%n)
  %ind_slice = tensor.extract_slice %ind[0] [%sz] [1] : tensor<?xi64> to tensor<?xi64>
  %empty = tensor.empty(%sz) : tensor<?x8xf16>
  %gathered = linalg.generic {
      indexing_maps = [affine_map<(page, vec) -> (page)>,
                       affine_map<(page, vec) -> (page, vec)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%ind_slice : tensor<?xi64>)
      outs(%empty : tensor<?x8xf16>) {
  ^bb0(%page: i64, %o: f16):
    %pageidx = arith.index_cast %page : i64 to index
    %vec = linalg.index 1 : index
    %extracted = tensor.extract %storage[%pageidx, %vec] : tensor<16x8xf16>
    linalg.yield %extracted : f16
  } -> tensor<?x8xf16>
  return %gathered : tensor<?x8xf16>
}
