// Changing an opaque op's attributes (linalg.softmax's dimension) makes it another function,
// with its own unknown results and its own unknown undefined inputs: the solver alone cannot
// prove or refute the change and says so (unknown, naming the opaque op), never correct. With
// execution, the symbolic counterexample runs on IREE and the different results show: the
// verdict is incorrect only because execution confirmed it.
// REQUIRES: iree
// RUN: not irverify check %s --no-confirm | filecheck %s --check-prefix=SOLVER
// SOLVER: @src: unknown
// SOLVER: opaque op 'linalg.softmax'
// SOLVER: verdict: unknown
// RUN: not irverify check %s | filecheck %s --check-prefix=EXEC
// EXEC: @src: incorrect
// EXEC: confirmed: true (IREE llvm-cpu)
// EXEC: approximations: opaque op 'linalg.softmax'
// EXEC: verdict: incorrect

func.func @src(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %p = linalg.softmax dimension(0) ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %p : tensor<4x4xf32>
}

func.func @tgt(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %p = linalg.softmax dimension(1) ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %p : tensor<4x4xf32>
}
