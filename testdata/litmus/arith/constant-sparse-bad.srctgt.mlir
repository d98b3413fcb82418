// The sparse element sits at [1, 1, 1], not [1, 1, 0].
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: Differing output: result #0 at [1, 1, 0] : f32
// CHECK: verdict: incorrect

func.func @src() -> tensor<2x2x2xf32> {
  %a = arith.constant sparse<[[1,1,1]], [-2.0]> : tensor<2x2x2xf32>
  return %a : tensor<2x2x2xf32>
}

func.func @tgt() -> tensor<2x2x2xf32> {
  %a = arith.constant dense<[[[0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [-2.0, 0.0]]]> : tensor<2x2x2xf32>
  return %a : tensor<2x2x2xf32>
}
