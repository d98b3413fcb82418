// The output of iree-global-opt-quantized-conv-to-conv on quantized-dconv-ifzp.mlir with the constant
// correction term 16 * 7 * 11 = 1232 (window size times both zero points) off by one.
#map = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d3)>
module {
  func.func @dconv2d_ifzp(%arg0: tensor<1x64x64x16xi8>, %arg1: tensor<4x4x16xi8>, %arg2: tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32> {
    %c1232_i32 = arith.constant 1231 : i32
    %c0_i32 = arith.constant 0 : i32
    %c7_i32 = arith.constant 7 : i32
    %c11_i32 = arith.constant 11 : i32
    %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x64x64x16xi8>, tensor<4x4x16xi8>) outs(%arg2 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32>
    %1 = tensor.empty() : tensor<16xi32>
    %2 = linalg.fill ins(%c0_i32 : i32) outs(%1 : tensor<16xi32>) -> tensor<16xi32>
    %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "reduction"]} ins(%arg1 : tensor<4x4x16xi8>) outs(%2 : tensor<16xi32>) {
    ^bb0(%in: i8, %out: i32):
      %14 = arith.extsi %in : i8 to i32
      %15 = arith.addi %14, %out : i32
      linalg.yield %15 : i32
    } -> tensor<16xi32>
    %4 = tensor.empty() : tensor<1x61x61x16xi32>
    %5 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %3 : tensor<1x61x61x16xi32>, tensor<16xi32>) outs(%4 : tensor<1x61x61x16xi32>) {
    ^bb0(%in: i32, %in_0: i32, %out: i32):
      %14 = arith.muli %in_0, %c7_i32 : i32
      %15 = arith.subi %in, %14 : i32
      linalg.yield %15 : i32
    } -> tensor<1x61x61x16xi32>
    %6 = tensor.empty() : tensor<1x61x61x16xi32>
    %7 = linalg.fill ins(%c0_i32 : i32) outs(%6 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32>
    %8 = tensor.empty() : tensor<4x4xi32>
    %9 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %8 : tensor<1x64x64x16xi8>, tensor<4x4xi32>) outs(%7 : tensor<1x61x61x16xi32>) -> tensor<1x61x61x16xi32>
    %10 = tensor.empty() : tensor<1x61x61x16xi32>
    %11 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5, %9 : tensor<1x61x61x16xi32>, tensor<1x61x61x16xi32>) outs(%10 : tensor<1x61x61x16xi32>) {
    ^bb0(%in: i32, %in_0: i32, %out: i32):
      %14 = arith.muli %in_0, %c11_i32 : i32
      %15 = arith.subi %in, %14 : i32
      linalg.yield %15 : i32
    } -> tensor<1x61x61x16xi32>
    %12 = tensor.empty() : tensor<1x61x61x16xi32>
    %13 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11 : tensor<1x61x61x16xi32>) outs(%12 : tensor<1x61x61x16xi32>) {
    ^bb0(%in: i32, %out: i32):
      %14 = arith.addi %in, %c1232_i32 : i32
      linalg.yield %14 : i32
    } -> tensor<1x61x61x16xi32>
    return %13 : tensor<1x61x61x16xi32>
  }
}

