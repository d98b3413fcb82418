// The output of iree-base-compiler 3.13.0 for iree313_conv_to_im2col_hwfc.before.mlir:
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-linalg-ext-convert-conv-to-im2col-op))"
#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d4, d5)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d1, d5)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d1)>
module {
  func.func public @conv_nhwc_hwfc(%arg0: tensor<1x4x4x2xi32>, %arg1: tensor<3x3x2x2xi32>, %arg2: tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32> {
    %0 = tensor.empty() : tensor<1x2x2x9x2xi32>
    %1 = iree_linalg_ext.im2col strides = [1, 1, 1] dilations = [1, 1, 1] kernel_size = [1, 3, 3] offsets = [0, 0, 0, 0, 0] output_sizes = [[1], [2], [2], [1, 2], [3, 3]] batch_pos = [] m_pos = [0, 1, 2] k_pos = [3] input_k_perm = [0, 1, 2, 3] output_perm = [0, 1, 2, 4, 3] ins(%arg0 : tensor<1x4x4x2xi32>) outs(%0 : tensor<1x2x2x9x2xi32>) -> tensor<1x2x2x9x2xi32>
    %collapsed = tensor.collapse_shape %arg1 [[0, 1], [2], [3]] : tensor<3x3x2x2xi32> into tensor<9x2x2xi32>
    %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%1, %collapsed : tensor<1x2x2x9x2xi32>, tensor<9x2x2xi32>) outs(%arg2 : tensor<1x2x2x2xi32>) {
    ^bb0(%in: i32, %in_0: i32, %out: i32):
      %3 = arith.muli %in, %in_0 : i32
      %4 = arith.addi %3, %out : i32
      linalg.yield %4 : i32
    } -> tensor<1x2x2x2xi32>
    return %2 : tensor<1x2x2x2xi32>
  }
}

