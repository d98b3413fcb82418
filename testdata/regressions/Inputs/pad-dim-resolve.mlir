// tensor.dim of tensor.pad results with static and dynamic padding (see pad-dim-resolve.test).
func.func @a(%t: tensor<?x?xf32>, %v: f32, %lo: index, %hi: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = tensor.pad %t low[%lo, 1] high[%hi, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %d = tensor.dim %p, %c0 : tensor<?x?xf32>
  %e = tensor.dim %p, %c1 : tensor<?x?xf32>
  return %d, %e : index, index
}
// -----
func.func @b(%t: tensor<4x?xi8>, %v: i8, %hi: index) -> index {
  %c1 = arith.constant 1 : index
  %p = tensor.pad %t low[0, 3] high[0, %hi] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : i8
  } : tensor<4x?xi8> to tensor<4x?xi8>
  %d = tensor.dim %p, %c1 : tensor<4x?xi8>
  return %d : index
}
// -----
func.func @c(%t: tensor<?xi8>, %v: i8) -> index {
  %c0 = arith.constant 0 : index
  %p = tensor.pad %t low[2] high[3] {
  ^bb0(%i: index):
    tensor.yield %v : i8
  } : tensor<?xi8> to tensor<?xi8>
  %d = tensor.dim %p, %c0 : tensor<?xi8>
  return %d : index
}
