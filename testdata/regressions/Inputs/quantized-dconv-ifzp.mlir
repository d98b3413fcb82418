// @dconv2d_ifzp of quantized-conv-to-conv.mlir (IREE test suite, Apache-2.0 WITH LLVM-exception).

func.func @dconv2d_ifzp(%arg0 : tensor<1x64x64x16xi8>, %arg1 : tensor<4x4x16xi8>, %arg2 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32> {
  %iZp = arith.constant 7 : i32
  %fZp = arith.constant 11 : i32




  %result = linalg.depthwise_conv_2d_nhwc_hwc_q {
      dilations = dense<1> : tensor<2xi64>,
      strides = dense<1> : tensor<2xi64>
    }
    ins(%arg0, %arg1, %iZp, %fZp : tensor<1x64x64x16xi8>, tensor<4x4x16xi8>, i32, i32)
    outs(%arg2 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32>

  return %result : tensor<1x61x61x16xi32>
}
