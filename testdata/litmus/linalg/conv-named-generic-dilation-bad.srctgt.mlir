// The dilations are swapped: [2, 1] reads other input elements than the generic with [1, 2].
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%in: tensor<?x7x8x2xi32>, %f: tensor<2x3x2x3xi32>, %acc: tensor<?x3x4x3xi32>) -> tensor<?x3x4x3xi32> {
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<[2, 1]> : tensor<2xi64>, dilations = dense<[2, 1]> : tensor<2xi64>}
      ins(%in, %f : tensor<?x7x8x2xi32>, tensor<2x3x2x3xi32>) outs(%acc : tensor<?x3x4x3xi32>) -> tensor<?x3x4x3xi32>
  return %r : tensor<?x3x4x3xi32>
}
func.func @tgt(%in: tensor<?x7x8x2xi32>, %f: tensor<2x3x2x3xi32>, %acc: tensor<?x3x4x3xi32>) -> tensor<?x3x4x3xi32> {
  %r = linalg.generic {indexing_maps = [
      affine_map<(n, h, w, c, kh, kw, ci) -> (n, h * 2 + kh, w + kw * 2, ci)>,
      affine_map<(n, h, w, c, kh, kw, ci) -> (kh, kw, ci, c)>,
      affine_map<(n, h, w, c, kh, kw, ci) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%in, %f : tensor<?x7x8x2xi32>, tensor<2x3x2x3xi32>) outs(%acc : tensor<?x3x4x3xi32>) {
  ^bb0(%x: i32, %y: i32, %a: i32):
    %m = arith.muli %x, %y : i32
    %s = arith.addi %a, %m : i32
    linalg.yield %s : i32
  } -> tensor<?x3x4x3xi32>
  return %r : tensor<?x3x4x3xi32>
}
