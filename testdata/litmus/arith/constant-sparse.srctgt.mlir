// A sparse constant is its values at its indices and zero elsewhere. MLIR prints indices that
// are all equal as one entry (sparse<[[1,1,1]], [-2.0]> prints as sparse<1, -2.0>).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src() -> (tensor<2x2x2xf32>, tensor<2x3xi32>) {
  %a = arith.constant sparse<[[1,1,1]], [-2.0]> : tensor<2x2x2xf32>
  %b = arith.constant sparse<[[0,2],[1,0]], [7, -9]> : tensor<2x3xi32>
  return %a, %b : tensor<2x2x2xf32>, tensor<2x3xi32>
}

func.func @tgt() -> (tensor<2x2x2xf32>, tensor<2x3xi32>) {
  %a = arith.constant dense<[[[0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, -2.0]]]> : tensor<2x2x2xf32>
  %b = arith.constant dense<[[0, 0, 7], [-9, 0, 0]]> : tensor<2x3xi32>
  return %a, %b : tensor<2x2x2xf32>, tensor<2x3xi32>
}
