// An iree_linalg_ext.im2col whose two M coordinates share one output dim (output_sizes
// [[1, 3], ...]) and whose innermost input dim W is an M dim with stride 2; after.mlir is
//   iree-opt --pass-pipeline="builtin.module(func.func(iree-linalg-ext-decompose-im2col))"
// applied to it by iree-base-compiler 3.13.0. The decomposition's unit-window test
// (isUnitWindowMOutputDim) reads the metadata of m_pos[0] (the unit N dim) for the collapsed
// M output dim, so it copies W as one contiguous slice: x[0, 0:3] where the op's definition
// (LinalgExtOps.td: m * stride + window * dilation) reads x[0, 0], x[0, 2], x[0, 4]. With
// %in = [[1, 2, 3, 4, 5, 6]] the op is [1, 3, 5]; IREE llvm-cpu runs the decomposition to
// [1, 2, 3]. (llvm-cpu does not compile a lone im2col: the source is checked by irverify's
// evaluation of the definition, which tests/conformance/test_linalg_ext_im2col_conformance.py
// compares with IREE's decomposition on random configurations.)
func.func @im2col_strided(%in: tensor<1x6xi32>) -> tensor<3x1xi32> {
  %e = tensor.empty() : tensor<3x1xi32>
  %r = iree_linalg_ext.im2col strides = [1, 2] dilations = [1, 1] kernel_size = [1, 1]
         offsets = [0, 0] output_sizes = [[1, 3], [1, 1]]
         batch_pos = [] m_pos = [0, 1] k_pos = [] input_k_perm = [0, 1] output_perm = [0, 1]
         ins(%in : tensor<1x6xi32>) outs(%e : tensor<3x1xi32>) -> tensor<3x1xi32>
  return %r : tensor<3x1xi32>
}
