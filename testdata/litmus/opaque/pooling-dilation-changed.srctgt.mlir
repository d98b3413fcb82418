// Changing an opaque op's attributes (linalg.pooling_nwc_max's dilations) makes it another
// function, with its own unknown results and its own unknown undefined inputs: the solver alone
// cannot prove or refute the change and says so (unknown, naming the opaque op), never correct.
// With execution, the symbolic counterexample runs on IREE and the different results show: the
// verdict is incorrect only because execution confirmed it.
// REQUIRES: iree
// RUN: not irverify check %s --no-confirm | filecheck %s --check-prefix=SOLVER
// SOLVER: @src: unknown
// SOLVER: opaque op 'linalg.pooling_nwc_max'
// SOLVER: verdict: unknown
// RUN: not irverify check %s | filecheck %s --check-prefix=EXEC
// EXEC: @src: incorrect
// EXEC: confirmed: true (IREE llvm-cpu)
// EXEC: approximations: opaque op 'linalg.pooling_nwc_max'
// EXEC: verdict: incorrect

func.func @src(%x: tensor<1x9x4xf32>) -> tensor<1x4x4xf32> {
  %w = tensor.empty() : tensor<2xf32>
  %c = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4xf32>
  %i = linalg.fill ins(%c : f32) outs(%e : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  %p = linalg.pooling_nwc_max {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
      ins(%x, %w : tensor<1x9x4xf32>, tensor<2xf32>) outs(%i : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  return %p : tensor<1x4x4xf32>
}

func.func @tgt(%x: tensor<1x9x4xf32>) -> tensor<1x4x4xf32> {
  %w = tensor.empty() : tensor<2xf32>
  %c = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4xf32>
  %i = linalg.fill ins(%c : f32) outs(%e : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  %p = linalg.pooling_nwc_max {dilations = dense<2> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
      ins(%x, %w : tensor<1x9x4xf32>, tensor<2xf32>) outs(%i : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  return %p : tensor<1x4x4xf32>
}
