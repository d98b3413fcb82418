// A masked scatter (a third input: one i1 per batch point) is not modelled: unsupported, naming
// the op and its operand count, never a scatter that ignores the mask.
// RUN: not irverify check %s --no-confirm 2>&1 | filecheck %s
// CHECK: unsupported:
// CHECK-SAME: 'iree_linalg_ext.scatter' with 4 operands

func.func @src(%original: tensor<8xi32>, %indices: tensor<3x1xi32>, %mask: tensor<3xi1>,
               %updates: tensor<3xi32>) -> tensor<8xi32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%updates, %indices, %mask : tensor<3xi32>, tensor<3x1xi32>, tensor<3xi1>)
    outs(%original : tensor<8xi32>) {
  ^bb0(%arg0: i32, %arg1: i32):
    iree_linalg_ext.yield %arg0 : i32
  } -> tensor<8xi32>
  return %0 : tensor<8xi32>
}
func.func @tgt(%original: tensor<8xi32>, %indices: tensor<3x1xi32>, %mask: tensor<3xi1>,
               %updates: tensor<3xi32>) -> tensor<8xi32> {
  return %original : tensor<8xi32>
}
