// linalg.matmul on i1 is its generic form as MLIR generalises it: the products are andi, the
// accumulation is ori (linalg-generalize-named-ops), for static and dynamic extents.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @src(%A: tensor<2x3xi1>, %B: tensor<3x?xi1>, %C: tensor<2x?xi1>) -> tensor<2x?xi1> {
  %0 = linalg.matmul ins(%A, %B : tensor<2x3xi1>, tensor<3x?xi1>) outs(%C : tensor<2x?xi1>) -> tensor<2x?xi1>
  return %0 : tensor<2x?xi1>
}
func.func @tgt(%A: tensor<2x3xi1>, %B: tensor<3x?xi1>, %C: tensor<2x?xi1>) -> tensor<2x?xi1> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<2x3xi1>, tensor<3x?xi1>) outs(%C : tensor<2x?xi1>) {
  ^bb0(%x: i1, %y: i1, %acc: i1):
    %p = arith.andi %x, %y : i1
    %s = arith.ori %acc, %p : i1
    linalg.yield %s : i1
  } -> tensor<2x?xi1>
  return %0 : tensor<2x?xi1>
}
