// A max pooling is not the window unrolled with one minimumf among the maximumf.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%in: tensor<1x2x3x3xf32>, %acc: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = tensor.empty() : tensor<2x2xf32>
  %r = linalg.pooling_nchw_max {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<1x2x3x3xf32>, tensor<2x2xf32>) outs(%acc : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %r : tensor<1x2x2x2xf32>
}
func.func @tgt(%in: tensor<1x2x3x3xf32>, %acc: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %a = tensor.extract_slice %in[0, 0, 0, 0] [1, 2, 2, 2] [1, 1, 1, 1] : tensor<1x2x3x3xf32> to tensor<1x2x2x2xf32>
  %b = tensor.extract_slice %in[0, 0, 0, 1] [1, 2, 2, 2] [1, 1, 1, 1] : tensor<1x2x3x3xf32> to tensor<1x2x2x2xf32>
  %c = tensor.extract_slice %in[0, 0, 1, 0] [1, 2, 2, 2] [1, 1, 1, 1] : tensor<1x2x3x3xf32> to tensor<1x2x2x2xf32>
  %d = tensor.extract_slice %in[0, 0, 1, 1] [1, 2, 2, 2] [1, 1, 1, 1] : tensor<1x2x3x3xf32> to tensor<1x2x2x2xf32>
  %m1 = arith.maximumf %acc, %a : tensor<1x2x2x2xf32>
  %m2 = arith.maximumf %m1, %b : tensor<1x2x2x2xf32>
  %m3 = arith.minimumf %m2, %c : tensor<1x2x2x2xf32>
  %m4 = arith.maximumf %m3, %d : tensor<1x2x2x2xf32>
  return %m4 : tensor<1x2x2x2xf32>
}
