// Reduced from the upstream lit case @nested_transpose_generic_blocks_mapload of IREE's
// Codegen/Common/test/combine_source_layout_transformation.mlir (IREE 3.13 test suite,
// Apache-2.0 WITH LLVM-exception); after.mlir is
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-codegen-combine-source-layout-transformation,canonicalize,cse))"
// applied to it by iree-base-compiler 3.13.0. The pass folds extract_slice + pad + expand_shape
// + transpose into one iree_linalg_ext.map_load on the whole source, whose padding value is used
// only where the computed index leaves the *source*; the pad row of the slice (row %off + 3 of
// an 8-row source) is in bounds of the source, so the target reads source data where the
// source program has the pad value 0.0. Confirmed on IREE llvm-cpu: with %off = 0 the result
// elements [1, 1, 0..3] are 0.0 in the source and buffer row 3 in the target.
#map_in  = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#map_out = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @slice_pad_transpose(%buffer : memref<8x4xf32>, %off : index) -> tensor<2x2x4xf32> {
  %cst = arith.constant 0.0 : f32
  %source = iree_codegen.load_from_buffer %buffer : memref<8x4xf32> -> tensor<8x4xf32>
  %slice = tensor.extract_slice %source[%off, 0] [3, 4] [1, 1] : tensor<8x4xf32> to tensor<3x4xf32>
  %padded = tensor.pad %slice low[0, 0] high[1, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %cst : f32
  } : tensor<3x4xf32> to tensor<4x4xf32>
  %expanded = tensor.expand_shape %padded [[0, 1], [2]] output_shape [2, 2, 4] : tensor<4x4xf32> into tensor<2x2x4xf32>
  %empty = tensor.empty() : tensor<2x2x4xf32>
  %transposed = linalg.generic {indexing_maps = [#map_in, #map_out], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%expanded : tensor<2x2x4xf32>) outs(%empty : tensor<2x2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x2x4xf32>
  return %transposed : tensor<2x2x4xf32>
}
