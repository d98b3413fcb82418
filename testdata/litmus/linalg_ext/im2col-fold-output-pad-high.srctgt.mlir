// High padding of an im2col result folded into output_pad_high (GEMM alignment): the extra
// rows are pad_value, the others read what they read before.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%in: tensor<1x4x4x2xi32>) -> tensor<1x6x18xi32> {
  %c7 = arith.constant 7 : i32
  %e = tensor.empty() : tensor<1x4x18xi32>
  %r = iree_linalg_ext.im2col strides = [1, 1] dilations = [1, 1] kernel_size = [3, 3]
         offsets = [0, 0, 0] output_sizes = [[1], [2, 2], [3, 3, 2]]
         batch_pos = [0] m_pos = [1, 2] k_pos = [3] input_k_perm = [0, 1, 2] output_perm = [0, 1, 2]
         ins(%in : tensor<1x4x4x2xi32>) outs(%e : tensor<1x4x18xi32>) -> tensor<1x4x18xi32>
  %p = tensor.pad %r low[0, 0, 0] high[0, 2, 0] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %c7 : i32
  } : tensor<1x4x18xi32> to tensor<1x6x18xi32>
  return %p : tensor<1x6x18xi32>
}

func.func @tgt(%in: tensor<1x4x4x2xi32>) -> tensor<1x6x18xi32> {
  %c7 = arith.constant 7 : i32
  %e = tensor.empty() : tensor<1x6x18xi32>
  %r = iree_linalg_ext.im2col strides = [1, 1] dilations = [1, 1] kernel_size = [3, 3]
         offsets = [0, 0, 0] output_sizes = [[1], [2, 2], [3, 3, 2]]
         batch_pos = [0] m_pos = [1, 2] k_pos = [3] input_k_perm = [0, 1, 2] output_perm = [0, 1, 2]
         output_pad_low = [0, 0, 0] output_pad_high = [0, 2, 0] pad_value(%c7 : i32)
         ins(%in : tensor<1x4x4x2xi32>) outs(%e : tensor<1x6x18xi32>) -> tensor<1x6x18xi32>
  return %r : tensor<1x6x18xi32>
}
