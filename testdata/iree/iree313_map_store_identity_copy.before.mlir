// The upstream lit case @convert_identity_map_store_into_copy of IREE's
// Dialect/LinalgExt/IR/test/canonicalize.mlir (IREE 3.13 test suite, Apache-2.0 WITH
// LLVM-exception); after.mlir is
//   iree-opt --pass-pipeline="builtin.module(canonicalize)"
// applied to it by iree-base-compiler 3.13.0. The canonicalization replaces an identity
// iree_linalg_ext.map_store by linalg.copy, which needs the input and the output to have the
// same extents; map_store does not: an input smaller than the output writes its elements and
// leaves the rest of the output as it was. With %arg0 1x1 and %arg1 2x1 the source returns
// %arg1 with [0, 0] replaced, and the target's copy reads %arg0 out of bounds (undefined).
// Execution cannot show it: IREE compiles the source through the same canonicalization, and
// both programs return a 1x1 tensor where map_store's result has %arg1's shape, 2x1.
func.func public @convert_identity_map_store_into_copy(
    %arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>
) -> tensor<?x?xf32> {
  %true = arith.constant true
  %map_store = iree_linalg_ext.map_store %arg0 into %arg1 {
  ^bb0(%arg2: index, %arg3: index):
    iree_linalg_ext.yield %arg2, %arg3, %true : index, index, i1
  } : tensor<?x?xf32> into tensor<?x?xf32> -> tensor<?x?xf32>
  return %map_store : tensor<?x?xf32>
}
