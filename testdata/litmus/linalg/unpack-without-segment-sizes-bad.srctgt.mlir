// The dynamic tile operand of an unpack without operandSegmentSizes is read: unpacking with
// another tile size is a different result.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%s: tensor<8x?xi32>, %t: index, %u: index) -> tensor<8xi32> {
  %e = tensor.empty() : tensor<8xi32>
  %r = "linalg.unpack"(%s, %e, %t) <{inner_dims_pos = array<i64: 0>, outer_dims_perm = array<i64>, static_inner_tiles = array<i64: -9223372036854775808>}> : (tensor<8x?xi32>, tensor<8xi32>, index) -> tensor<8xi32>
  return %r : tensor<8xi32>
}
func.func @tgt(%s: tensor<8x?xi32>, %t: index, %u: index) -> tensor<8xi32> {
  %e = tensor.empty() : tensor<8xi32>
  %r = "linalg.unpack"(%s, %e, %u) <{inner_dims_pos = array<i64: 0>, outer_dims_perm = array<i64>, static_inner_tiles = array<i64: -9223372036854775808>}> : (tensor<8x?xi32>, tensor<8xi32>, index) -> tensor<8xi32>
  return %r : tensor<8xi32>
}
