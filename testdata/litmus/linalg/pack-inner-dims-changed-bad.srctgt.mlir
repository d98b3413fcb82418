// linalg.pack: tiling dims (0, 1) by 8x8 is not tiling dims (1, 0): the outer dims and the
// tiles move source elements to other positions; the solver finds it from the op's definition
// and execution confirms it.
// REQUIRES: iree
// RUN: not irverify check %s --no-confirm | filecheck %s --check-prefix=SOLVER
// SOLVER: @src: incorrect
// SOLVER: verdict: incorrect
// RUN: not irverify check %s | filecheck %s --check-prefix=EXEC
// EXEC: @src: incorrect
// EXEC: confirmed: true (IREE llvm-cpu)
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
