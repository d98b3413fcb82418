// The output of iree-base-compiler 3.13.0 for iree313_im2col_decompose_dilation.before.mlir:
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-linalg-ext-convert-conv-to-im2col-op,iree-linalg-ext-decompose-im2col))"
#map = affine_map<(d0)[s0] -> (d0 + s0)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
module {
  func.func @conv(%arg0: tensor<1x1x1x5xi32>, %arg1: tensor<1x1x1x2xi32>) -> tensor<1x1x1x3xi32> {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %0 = tensor.empty() : tensor<1x1x1x3xi32>
    %1 = linalg.fill ins(%c0_i32 : i32) outs(%0 : tensor<1x1x1x3xi32>) -> tensor<1x1x1x3xi32>
    %2 = tensor.empty() : tensor<1x2x1x3xi32>
    %3 = scf.for %arg2 = %c0 to %c1 step %c1 iter_args(%arg3 = %2) -> (tensor<1x2x1x3xi32>) {
      %5 = scf.for %arg4 = %c0 to %c1 step %c1 iter_args(%arg5 = %arg3) -> (tensor<1x2x1x3xi32>) {
        %6 = affine.apply #map(%arg2)[%c0]
        %7 = affine.apply #map(%arg4)[%c0]
        %extracted_slice = tensor.extract_slice %arg0[%6, %c0, %7, %c0] [1, 1, 1, 2] [1, 1, 1, 1] : tensor<1x1x1x5xi32> to tensor<2xi32>
        %extracted_slice_0 = tensor.extract_slice %arg5[%arg2, %c0, %arg4, %c0] [1, 2, 1, 1] [1, 1, 1, 1] : tensor<1x2x1x3xi32> to tensor<2xi32>
        %8 = linalg.copy ins(%extracted_slice : tensor<2xi32>) outs(%extracted_slice_0 : tensor<2xi32>) -> tensor<2xi32>
        %inserted_slice = tensor.insert_slice %8 into %arg5[%arg2, %c0, %arg4, %c0] [1, 2, 1, 1] [1, 1, 1, 1] : tensor<2xi32> into tensor<1x2x1x3xi32>
        %9 = affine.apply #map(%arg2)[%c0]
        %10 = affine.apply #map(%arg4)[%c0]
        %extracted_slice_1 = tensor.extract_slice %arg0[%9, %c0, %10, %c1] [1, 1, 1, 2] [1, 1, 1, 1] : tensor<1x1x1x5xi32> to tensor<2xi32>
        %extracted_slice_2 = tensor.extract_slice %inserted_slice[%arg2, %c0, %arg4, %c1] [1, 2, 1, 1] [1, 1, 1, 1] : tensor<1x2x1x3xi32> to tensor<2xi32>
        %11 = linalg.copy ins(%extracted_slice_1 : tensor<2xi32>) outs(%extracted_slice_2 : tensor<2xi32>) -> tensor<2xi32>
        %inserted_slice_3 = tensor.insert_slice %11 into %inserted_slice[%arg2, %c0, %arg4, %c1] [1, 2, 1, 1] [1, 1, 1, 1] : tensor<2xi32> into tensor<1x2x1x3xi32>
        %12 = affine.apply #map(%arg2)[%c0]
        %13 = affine.apply #map(%arg4)[%c0]
        %extracted_slice_4 = tensor.extract_slice %arg0[%12, %c0, %13, %c2] [1, 1, 1, 2] [1, 1, 1, 1] : tensor<1x1x1x5xi32> to tensor<2xi32>
        %extracted_slice_5 = tensor.extract_slice %inserted_slice_3[%arg2, %c0, %arg4, %c2] [1, 2, 1, 1] [1, 1, 1, 1] : tensor<1x2x1x3xi32> to tensor<2xi32>
        %14 = linalg.copy ins(%extracted_slice_4 : tensor<2xi32>) outs(%extracted_slice_5 : tensor<2xi32>) -> tensor<2xi32>
        %inserted_slice_6 = tensor.insert_slice %14 into %inserted_slice_3[%arg2, %c0, %arg4, %c2] [1, 2, 1, 1] [1, 1, 1, 1] : tensor<2xi32> into tensor<1x2x1x3xi32>
        scf.yield %inserted_slice_6 : tensor<1x2x1x3xi32>
      }
      scf.yield %5 : tensor<1x2x1x3xi32>
    }
    %collapsed = tensor.collapse_shape %arg1 [[0], [1, 2, 3]] : tensor<1x1x1x2xi32> into tensor<1x2xi32>
    %4 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%collapsed, %3 : tensor<1x2xi32>, tensor<1x2x1x3xi32>) outs(%1 : tensor<1x1x1x3xi32>) {
    ^bb0(%in: i32, %in_0: i32, %out: i32):
      %5 = arith.muli %in, %in_0 : i32
      %6 = arith.addi %5, %out : i32
      linalg.yield %6 : i32
    } -> tensor<1x1x1x3xi32>
    return %4 : tensor<1x1x1x3xi32>
  }
}

