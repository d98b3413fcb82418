// A two-layer MLP (2x8 -> 16 -> 4, bias and ReLU between the matmuls) on linalg, the input of
// the README's validate-pipeline example: every pass application of IREE's compile from the input
// to the end of dispatch creation is checked.
func.func @mlp(%x: tensor<2x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>, %w2: tensor<16x4xf32>) -> tensor<2x4xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<2x16xf32>) -> tensor<2x16xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<2x8xf32>, tensor<8x16xf32>) outs(%z : tensor<2x16xf32>) -> tensor<2x16xf32>
  %hb = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%h, %b1 : tensor<2x16xf32>, tensor<16xf32>) outs(%e : tensor<2x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %r = arith.maximumf %s, %c0 : f32
    linalg.yield %r : f32
  } -> tensor<2x16xf32>
  %e2 = tensor.empty() : tensor<2x4xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %y = linalg.matmul ins(%hb, %w2 : tensor<2x16xf32>, tensor<16x4xf32>) outs(%z2 : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
