// The upstream lit case @fold_output_pad_low of IREE's Dialect/LinalgExt/IR/test/canonicalize.mlir
// (IREE 3.13 test suite, Apache-2.0 WITH LLVM-exception), made small and on i32 (input
// 1x4x4x2, 2 rows of low padding); after.mlir is
//   iree-opt --pass-pipeline="builtin.module(canonicalize)"
// applied to it by iree-base-compiler 3.13.0. FoldOutputPadIntoIm2col moves the tensor.pad
// into output_pad_low = [0, 2, 0] but keeps offsets = [0, 0, 0]; an output position p in the
// valid region reads M index offset + p (computeIm2colSourceIndices, and tiling keeps
// offset + p global: new offset = offset + tile offset), so the target reads M index 2 where
// the source reads M index 0: the rows shift by the low padding and the last ones read outside
// the input. Decomposed by iree-linalg-ext-decompose-im2col and run on IREE llvm-cpu, with
// %arg0 = 1..32 the source's rows 2..5 start [1, 2], [3, 4], [9, 10], [11, 12] and the
// target's [9, 10], [11, 12], [17, 18], [19, 20].
func.func @fold_output_pad_low(%arg0: tensor<1x4x4x2xi32>) -> tensor<1x6x18xi32> {
  %cst = arith.constant 0 : i32
  %empty = tensor.empty() : tensor<1x4x18xi32>
  %result = iree_linalg_ext.im2col
      strides = [1, 1] dilations = [1, 1] kernel_size = [3, 3]
      offsets = [0, 0, 0] output_sizes = [[1], [2, 2], [3, 3, 2]]
      batch_pos = [0] m_pos = [1, 2] k_pos = [3]
      input_k_perm = [0, 1, 2] output_perm = [0, 1, 2]
      ins(%arg0 : tensor<1x4x4x2xi32>)
      outs(%empty : tensor<1x4x18xi32>) -> tensor<1x4x18xi32>
  %padded = tensor.pad %result low[0, 2, 0] high[0, 0, 0] {
    ^bb0(%b0: index, %b1: index, %b2: index):
      tensor.yield %cst : i32
  } : tensor<1x4x18xi32> to tensor<1x6x18xi32>
  return %padded : tensor<1x6x18xi32>
}
