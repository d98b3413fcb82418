// Cases of IREE's GlobalOptimization/test/linalg_quantized_conv_to_conv.mlir (IREE test suite,
// Apache-2.0 WITH LLVM-exception): @conv2d_zps, @conv2d_filter_zp, @dconv2d, @dconv2d_izp,
// @dconv2d_fzp, @dconv2d_ifzp; inputs unchanged, CHECK lines left out.
//
// iree-global-opt-quantized-conv-to-conv rewrites a quantized convolution (zero points subtracted
// from input and kernel) into the plain convolution plus correction terms: sums of the input
// over the window and of the kernel, times the other zero point, and a constant product.

func.func @conv2d_zps(%arg0: tensor<1x14x16x5xi8>, %arg1: tensor<3x4x5x1024xi8>, %arg2: tensor<1x12x13x1024xi32>) -> tensor<1x12x13x1024xi32> {
  %iZp = arith.constant 0 : i32
  %fZp = arith.constant 0 : i32
  %0 = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1, %iZp, %fZp : tensor<1x14x16x5xi8>, tensor<3x4x5x1024xi8>, i32, i32) outs(%arg2 : tensor<1x12x13x1024xi32>) -> tensor<1x12x13x1024xi32>

  return %0 : tensor<1x12x13x1024xi32>
}

// -----
func.func @conv2d_filter_zp(%arg0: tensor<1x14x16x5xi8>, %arg1: tensor<3x4x5x1024xi8>, %arg2: tensor<1x12x13x1024xi32>) -> tensor<1x12x13x1024xi32> {
  %iZp = arith.constant 42 : i32
  %fZp = arith.constant 0 : i32


  %0 = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1, %iZp, %fZp : tensor<1x14x16x5xi8>, tensor<3x4x5x1024xi8>, i32, i32) outs(%arg2 : tensor<1x12x13x1024xi32>) -> tensor<1x12x13x1024xi32>

  return %0 : tensor<1x12x13x1024xi32>
}

// -----

func.func @dconv2d(%arg0 : tensor<1x64x64x16xi8>, %arg1 : tensor<4x4x16xi8>, %arg2 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32> {
  %iZp = arith.constant 0 : i32
  %fZp = arith.constant 0 : i32

  %result = linalg.depthwise_conv_2d_nhwc_hwc_q {
      dilations = dense<1> : tensor<2xi64>,
      strides = dense<1> : tensor<2xi64>
    }
    ins(%arg0, %arg1, %iZp, %fZp : tensor<1x64x64x16xi8>, tensor<4x4x16xi8>, i32, i32)
    outs(%arg2 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32>
  return %result : tensor<1x61x61x16xi32>
}

// -----

func.func @dconv2d_izp(%arg0 : tensor<1x64x64x16xi8>, %arg1 : tensor<4x4x16xi8>, %arg2 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32> {
  %iZp = arith.constant 2 : i32
  %fZp = arith.constant 0 : i32




  %result = linalg.depthwise_conv_2d_nhwc_hwc_q {
      dilations = dense<1> : tensor<2xi64>,
      strides = dense<1> : tensor<2xi64>
    }
    ins(%arg0, %arg1, %iZp, %fZp : tensor<1x64x64x16xi8>, tensor<4x4x16xi8>, i32, i32)
    outs(%arg2 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32>
  return %result : tensor<1x61x61x16xi32>
}

// -----

func.func @dconv2d_fzp(%arg0 : tensor<1x64x64x16xi8>, %arg1 : tensor<4x4x16xi8>, %arg2 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32> {
  %iZp = arith.constant 0 : i32
  %fZp = arith.constant 2 : i32



  %result = linalg.depthwise_conv_2d_nhwc_hwc_q {
      dilations = dense<1> : tensor<2xi64>,
      strides = dense<1> : tensor<2xi64>
    }
    ins(%arg0, %arg1, %iZp, %fZp : tensor<1x64x64x16xi8>, tensor<4x4x16xi8>, i32, i32)
    outs(%arg2 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32>

  return %result : tensor<1x61x61x16xi32>
}

// -----

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
