// A tensor.pad of the input folded into im2col's input_pad_low/high with its padding value as
// pad_value (the rewrite of IREE's FoldInputPadIntoIm2col): coordinates in the padding read
// pad_value instead of the padded tensor's border.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%in: tensor<1x3x3x2xf32>, %cst: f32) -> tensor<1x9x18xf32> {
  %padded = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<1x3x3x2xf32> to tensor<1x5x5x2xf32>
  %e = tensor.empty() : tensor<1x9x18xf32>
  %r = iree_linalg_ext.im2col strides = [1, 1, 1] dilations = [1, 1, 1] kernel_size = [1, 3, 3]
         offsets = [0, 0, 0] output_sizes = [[1], [3, 3], [1, 3, 3, 2]]
         batch_pos = [] m_pos = [0, 1, 2] k_pos = [3] input_k_perm = [0, 1, 2, 3] output_perm = [0, 1, 2]
         ins(%padded : tensor<1x5x5x2xf32>) outs(%e : tensor<1x9x18xf32>) -> tensor<1x9x18xf32>
  return %r : tensor<1x9x18xf32>
}

func.func @tgt(%in: tensor<1x3x3x2xf32>, %cst: f32) -> tensor<1x9x18xf32> {
  %e = tensor.empty() : tensor<1x9x18xf32>
  %r = iree_linalg_ext.im2col strides = [1, 1, 1] dilations = [1, 1, 1] kernel_size = [1, 3, 3]
         offsets = [0, 0, 0] output_sizes = [[1], [3, 3], [1, 3, 3, 2]]
         batch_pos = [] m_pos = [0, 1, 2] k_pos = [3] input_k_perm = [0, 1, 2, 3] output_perm = [0, 1, 2]
         input_pad_low = [0, 1, 1, 0] input_pad_high = [0, 1, 1, 0] pad_value(%cst : f32)
         ins(%in : tensor<1x3x3x2xf32>) outs(%e : tensor<1x9x18xf32>) -> tensor<1x9x18xf32>
  return %r : tensor<1x9x18xf32>
}
