// output_perm lays the canonical [batch, M, K] dims out in another order: an im2col with
// output_perm = [2, 0, 1] is the identity-permuted one transposed to K x batch x M.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%in: tensor<2x4x4x3xf32>) -> tensor<27x2x4xf32> {
  %e = tensor.empty() : tensor<2x4x27xf32>
  %r = iree_linalg_ext.im2col strides = [2, 1] dilations = [1, 1] kernel_size = [3, 3]
         offsets = [0, 0, 0] output_sizes = [[2], [1, 2], [3, 3, 3]]
         batch_pos = [0] m_pos = [1, 2] k_pos = [3] input_k_perm = [0, 1, 2] output_perm = [0, 1, 2]
         ins(%in : tensor<2x4x4x3xf32>) outs(%e : tensor<2x4x27xf32>) -> tensor<2x4x27xf32>
  %t = tensor.empty() : tensor<27x2x4xf32>
  %p = linalg.transpose ins(%r : tensor<2x4x27xf32>) outs(%t : tensor<27x2x4xf32>) permutation = [2, 0, 1]
  return %p : tensor<27x2x4xf32>
}

func.func @tgt(%in: tensor<2x4x4x3xf32>) -> tensor<27x2x4xf32> {
  %e = tensor.empty() : tensor<27x2x4xf32>
  %r = iree_linalg_ext.im2col strides = [2, 1] dilations = [1, 1] kernel_size = [3, 3]
         offsets = [0, 0, 0] output_sizes = [[2], [1, 2], [3, 3, 3]]
         batch_pos = [0] m_pos = [1, 2] k_pos = [3] input_k_perm = [0, 1, 2] output_perm = [2, 0, 1]
         ins(%in : tensor<2x4x4x3xf32>) outs(%e : tensor<27x2x4xf32>) -> tensor<27x2x4xf32>
  return %r : tensor<27x2x4xf32>
}
