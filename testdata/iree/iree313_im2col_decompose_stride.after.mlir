// The output of iree-base-compiler 3.13.0 for iree313_im2col_decompose_stride.before.mlir:
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-linalg-ext-decompose-im2col))"
#map = affine_map<(d0)[s0] -> (d0 + s0)>
#map1 = affine_map<(d0)[s0] -> (d0 + s0 * 2)>
module {
  func.func @im2col_strided(%arg0: tensor<1x6xi32>) -> tensor<3x1xi32> {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %0 = tensor.empty() : tensor<3x1xi32>
    %1 = scf.for %arg1 = %c0 to %c1 step %c1 iter_args(%arg2 = %0) -> (tensor<3x1xi32>) {
      %2:2 = affine.delinearize_index %arg1 into (1, 1) : index, index
      %3 = affine.apply #map(%2#0)[%c0]
      %4 = affine.apply #map1(%2#1)[%c0]
      %extracted_slice = tensor.extract_slice %arg0[%3, %4] [1, 3] [1, 1] : tensor<1x6xi32> to tensor<3xi32>
      %extracted_slice_0 = tensor.extract_slice %arg2[%c0, %arg1] [3, 1] [1, 1] : tensor<3x1xi32> to tensor<3xi32>
      %5 = linalg.copy ins(%extracted_slice : tensor<3xi32>) outs(%extracted_slice_0 : tensor<3xi32>) -> tensor<3xi32>
      %inserted_slice = tensor.insert_slice %5 into %arg2[%c0, %arg1] [3, 1] [1, 1] : tensor<3xi32> into tensor<3x1xi32>
      scf.yield %inserted_slice : tensor<3x1xi32>
    }
    return %1 : tensor<3x1xi32>
  }
}

