func.func @src(%A: tensor<2x3xi1>, %B: tensor<3xi1>, %C: tensor<2xi1>) -> tensor<2xi1> {
  %0 = linalg.matvec ins(%A, %B : tensor<2x3xi1>, tensor<3xi1>) outs(%C : tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
func.func @tgt(%A: tensor<2x3xi1>, %B: tensor<3xi1>, %C: tensor<2xi1>) -> tensor<2xi1> {
  // the memoized maps name the transposed operand A
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%A, %B : tensor<2x3xi1>, tensor<3xi1>) outs(%C : tensor<2xi1>) attrs = {linalg.memoized_indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>]} {
  ^bb0(%in: i1, %in_0: i1, %out: i1):
    %1 = arith.andi %in, %in_0 : i1
    %2 = arith.ori %out, %1 : i1
    linalg.yield %2 : i1
  } -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
