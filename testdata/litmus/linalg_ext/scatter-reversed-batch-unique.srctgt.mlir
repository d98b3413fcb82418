// Writing the batch points of a unique_indices(true) scatter in reverse order changes the result
// only where two index vectors repeat, which the flag promises never happens: the value there is
// not determined, so the counterexample is reported as unknown, never as incorrect.
// RUN: %exit-code irverify check %s --no-confirm | filecheck %s
// CHECK: @src: unknown
// CHECK: unique_indices(true) with repeated indices
// CHECK: verdict: unknown
// CHECK: exit: 4

func.func @src(%u: tensor<2x3xi32>, %i: tensor<2x1xi32>, %o: tensor<4x3xi32>) -> tensor<4x3xi32> {
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins(%u, %i : tensor<2x3xi32>, tensor<2x1xi32>) outs(%o : tensor<4x3xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}
func.func @tgt(%u: tensor<2x3xi32>, %i: tensor<2x1xi32>, %o: tensor<4x3xi32>) -> tensor<4x3xi32> {
  %u1 = tensor.extract_slice %u[1, 0] [1, 3] [1, 1] : tensor<2x3xi32> to tensor<1x3xi32>
  %u0 = tensor.extract_slice %u[0, 0] [1, 3] [1, 1] : tensor<2x3xi32> to tensor<1x3xi32>
  %i1 = tensor.extract_slice %i[1, 0] [1, 1] [1, 1] : tensor<2x1xi32> to tensor<1x1xi32>
  %i0 = tensor.extract_slice %i[0, 0] [1, 1] [1, 1] : tensor<2x1xi32> to tensor<1x1xi32>
  %uu = tensor.concat dim(0) %u1, %u0 : (tensor<1x3xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  %ii = tensor.concat dim(0) %i1, %i0 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<2x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%uu, %ii : tensor<2x3xi32>, tensor<2x1xi32>) outs(%o : tensor<4x3xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}
