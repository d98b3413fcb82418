// The upstream lit case @conv_nhwc_hwfc of IREE's
// Dialect/LinalgExt/Transforms/test/conv_to_im2col.mlir (IREE 3.13 test suite, Apache-2.0 WITH
// LLVM-exception), made small and on i32 (input 1x4x4x2, filter 3x3x2x2 in HWFC layout), in a
// func.func; after.mlir is
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-linalg-ext-convert-conv-to-im2col-op))"
// applied to it by iree-base-compiler 3.13.0. The im2col it builds puts the K coordinates in
// the canonical order (window of N, C, KH, KW) -- output_sizes [[1, 2], [3, 3]] -- but keeps
// input_k_perm = [0, 1, 2, 3], so the op reads the C coordinate as the H window offset and KW
// as the channel: H window offsets 0..1 and channel indices 0..2, the last one out of bounds
// (undefined). With input_k_perm = [0, 3, 1, 2] the program is the convolution. IREE
// llvm-cpu, running both programs after iree-linalg-ext-decompose-im2col, gives different
// results (the HWFC variants @conv_nhwc_hwfc and @conv_nhwc_hwfc_nobatch of that test file).
#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d5, d3 + d6, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6, d1, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d3, d1)>
func.func public @conv_nhwc_hwfc(%arg0: tensor<1x4x4x2xi32>, %arg1: tensor<3x3x2x2xi32>, %arg2: tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32> {
  %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x4x4x2xi32>, tensor<3x3x2x2xi32>) outs(%arg2 : tensor<1x2x2x2xi32>) {
  ^bb0(%in: i32, %in_0: i32, %out: i32):
    %3 = arith.muli %in, %in_0 : i32
    %4 = arith.addi %out, %3 : i32
    linalg.yield %4 : i32
  } -> tensor<1x2x2x2xi32>
  return %0 : tensor<1x2x2x2xi32>
}
