// The output of iree-base-compiler 3.13.0 for iree313_combine_layout_pad_dropped.before.mlir:
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-codegen-combine-source-layout-transformation,canonicalize,cse))"
module {
  func.func @slice_pad_transpose(%arg0: memref<8x4xf32>, %arg1: index) -> tensor<2x2x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = iree_codegen.load_from_buffer %arg0 : memref<8x4xf32> -> tensor<8x4xf32>
    %1 = tensor.empty() : tensor<2x2x4xf32>
    %2 = iree_linalg_ext.map_load %0 into %1 {
    ^bb0(%arg2: index, %arg3: index, %arg4: index):
      %3 = affine.linearize_index disjoint [%arg3, %arg2] by (2, 2) : index
      %4 = arith.addi %arg1, %3 overflow<nsw> : index
      iree_linalg_ext.yield %4, %arg4, %cst : index, index, f32
    } : tensor<8x4xf32> into tensor<2x2x4xf32> -> tensor<2x2x4xf32>
    return %2 : tensor<2x2x4xf32>
  }
}
