// A linalg.unpack built by a pass carries no operandSegmentSizes (its operands are the source,
// the destination and the dynamic inner tiles); it means the same as the parsed form.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%s: tensor<2x3x4x?xi32>, %t: index) -> tensor<7x?xi32> {
  %c3 = arith.constant 3 : index
  %d = arith.muli %t, %c3 : index
  %e = tensor.empty(%d) : tensor<7x?xi32>
  %r = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [4, %t] into %e : tensor<2x3x4x?xi32> -> tensor<7x?xi32>
  return %r : tensor<7x?xi32>
}
func.func @tgt(%s: tensor<2x3x4x?xi32>, %t: index) -> tensor<7x?xi32> {
  %c3 = arith.constant 3 : index
  %d = arith.muli %t, %c3 : index
  %e = tensor.empty(%d) : tensor<7x?xi32>
  %r = "linalg.unpack"(%s, %e, %t) <{inner_dims_pos = array<i64: 0, 1>, outer_dims_perm = array<i64>, static_inner_tiles = array<i64: 4, -9223372036854775808>}> : (tensor<2x3x4x?xi32>, tensor<7x?xi32>, index) -> tensor<7x?xi32>
  return %r : tensor<7x?xi32>
}
