// Named contractions on i1 operands or into i1 results (and i1 operands into wider results), and
// index operands under cast_unsigned, generalised by linalg-generalize-named-ops (see
// linalg-generalize-contractions.test).
func.func @bmm(%A: tensor<2x2x3xi1>, %B: tensor<2x3x?xi1>, %C: tensor<2x2x?xi1>) -> tensor<2x2x?xi1> {
  %0 = linalg.batch_matmul ins(%A, %B : tensor<2x2x3xi1>, tensor<2x3x?xi1>) outs(%C : tensor<2x2x?xi1>) -> tensor<2x2x?xi1>
  return %0 : tensor<2x2x?xi1>
}
// -----
func.func @mv(%A: tensor<2x3xi1>, %B: tensor<3xi1>, %C: tensor<2xi1>) -> tensor<2xi1> {
  %0 = linalg.matvec ins(%A, %B : tensor<2x3xi1>, tensor<3xi1>) outs(%C : tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
// -----
func.func @dot(%A: tensor<3xi1>, %B: tensor<3xi1>, %C: tensor<i1>) -> tensor<i1> {
  %0 = linalg.dot ins(%A, %B : tensor<3xi1>, tensor<3xi1>) outs(%C : tensor<i1>) -> tensor<i1>
  return %0 : tensor<i1>
}
// -----
func.func @ext(%A: tensor<2x3xi1>, %B: tensor<3x2xi1>, %C: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = linalg.matmul ins(%A, %B : tensor<2x3xi1>, tensor<3x2xi1>) outs(%C : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
// -----
func.func @extu(%A: tensor<2x3xi1>, %B: tensor<3x2xi1>, %C: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : tensor<2x3xi1>, tensor<3x2xi1>) outs(%C : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
// -----
func.func @trunc(%A: tensor<2x3xi8>, %B: tensor<3x2xi8>, %C: tensor<2x2xi1>) -> tensor<2x2xi1> {
  %0 = linalg.matmul ins(%A, %B : tensor<2x3xi8>, tensor<3x2xi8>) outs(%C : tensor<2x2xi1>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}
// -----
func.func @f(%A: tensor<2x3xi1>, %B: tensor<3x2xi1>, %C: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<2x3xi1>, tensor<3x2xi1>) outs(%C : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
// -----
func.func @tmm(%A: tensor<3x2xi1>, %B: tensor<3x?xi1>, %C: tensor<2x?xi1>) -> tensor<2x?xi1> {
  %0 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%A, %B : tensor<3x2xi1>, tensor<3x?xi1>) outs(%C : tensor<2x?xi1>) -> tensor<2x?xi1>
  return %0 : tensor<2x?xi1>
}
// -----
func.func @idx(%A: tensor<2x3xindex>, %B: tensor<3x2xindex>, %C: tensor<2x2xi128>) -> tensor<2x2xi128> {
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : tensor<2x3xindex>, tensor<3x2xindex>) outs(%C : tensor<2x2xi128>) -> tensor<2x2xi128>
  return %0 : tensor<2x2xi128>
}
