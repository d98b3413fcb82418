// The output of iree-base-compiler 3.13.0 for iree313_im2col_fold_output_pad_low.before.mlir:
//   iree-opt --pass-pipeline="builtin.module(canonicalize)"
module {
  func.func @fold_output_pad_low(%arg0: tensor<1x4x4x2xi32>) -> tensor<1x6x18xi32> {
    %c0_i32 = arith.constant 0 : i32
    %0 = tensor.empty() : tensor<1x6x18xi32>
    %1 = iree_linalg_ext.im2col strides = [1, 1] dilations = [1, 1] kernel_size = [3, 3] offsets = [0, 0, 0] output_sizes = [[1], [2, 2], [3, 3, 2]] batch_pos = [0] m_pos = [1, 2] k_pos = [3] input_k_perm = [0, 1, 2] output_perm = [0, 1, 2] output_pad_low = [0, 2, 0] output_pad_high = [0, 0, 0] pad_value(%c0_i32 : i32) ins(%arg0 : tensor<1x4x4x2xi32>) outs(%0 : tensor<1x6x18xi32>) -> tensor<1x6x18xi32>
    return %1 : tensor<1x6x18xi32>
  }
}

