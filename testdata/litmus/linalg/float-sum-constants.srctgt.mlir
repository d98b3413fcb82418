// A float sum of constants whose every partial sum is exact computes the same value in every
// order: here -7.0, with or without the -0.0 elements (x + -0.0 = x).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
func.func @src() -> tensor<f32> {
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %c = arith.constant dense<[2.0, -0.0, 3.0, -0.0, -12.0]> : tensor<5xf32>
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%c : tensor<5xf32>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @tgt() -> tensor<f32> {
  %c = arith.constant dense<-7.0> : tensor<f32>
  return %c : tensor<f32>
}
