// The case @matmul of IREE's GlobalOptimization/test/detach_elementwise_from_named_ops.mlir
// (IREE test suite, Apache-2.0 WITH LLVM-exception), input unchanged, CHECK lines left out.
//
// iree-global-opt-detach-elementwise-from-named-ops rewrites matmul(a, b, init) into
// matmul(a, b, fill(+0.0)) + init. A float sum is -0.0 only when every term is (IEEE 754-2019
// §6.3): with a all -0.0, b all +0.0 (each product -0.0) and %c all -0.0 (so init = %c + %c is
// -0.0), the source's element is -0.0 and the target's +0.0 + -0.0 = +0.0. IREE cannot run the
// source as written: its global optimization runs this pass on every compile.

util.func public @matmul(%a: tensor<?x64xf32>, %b: tensor<64x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) {
    ^bb0(%b0 : f32, %b1 : f32):
      %1 = arith.addf %b0, %b0 : f32
      linalg.yield %1 : f32
    } -> tensor<?x?xf32>
  %1 = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x?xf32>) outs(%0 : tensor<?x?xf32>) -> tensor<?x?xf32>
  util.return %1 : tensor<?x?xf32>
}

