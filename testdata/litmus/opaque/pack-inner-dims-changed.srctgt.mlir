// Changing an opaque op's attributes (linalg.pack's inner_dims_pos) makes it another function,
// with its own unknown results and its own unknown undefined inputs: the solver alone cannot
// prove or refute the change and says so (unknown, naming the opaque op), never correct. With
// execution, the symbolic counterexample runs on IREE and the different layouts show: the
// verdict is incorrect only because execution confirmed it.
// REQUIRES: iree
// RUN: not irverify check %s --no-confirm | filecheck %s --check-prefix=SOLVER
// SOLVER: @src: unknown
// SOLVER: opaque op 'linalg.pack'
// SOLVER: verdict: unknown
// RUN: not irverify check %s | filecheck %s --check-prefix=EXEC
// EXEC: @src: incorrect
// EXEC: confirmed: true (IREE llvm-cpu)
// EXEC: approximations: opaque op 'linalg.pack'
// EXEC: verdict: incorrect

func.func @src(%x: tensor<16x16xf32>) -> tensor<2x2x8x8xf32> {
  %e = tensor.empty() : tensor<2x2x8x8xf32>
  %p = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %p : tensor<2x2x8x8xf32>
}

func.func @tgt(%x: tensor<16x16xf32>) -> tensor<2x2x8x8xf32> {
  %e = tensor.empty() : tensor<2x2x8x8xf32>
  %p = linalg.pack %x inner_dims_pos = [1, 0] inner_tiles = [8, 8] into %e : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %p : tensor<2x2x8x8xf32>
}
