// linalg.matmul on i1 accumulates with ori (MLIR's bool arithmetic), not addi (xor on i1):
// two true products give true, not false.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Source value: 1
// CHECK-NEXT: Target value: 0
// CHECK: verdict: incorrect

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @src(%A: tensor<2x3xi1>, %B: tensor<3x4xi1>, %C: tensor<2x4xi1>) -> tensor<2x4xi1> {
  %0 = linalg.matmul ins(%A, %B : tensor<2x3xi1>, tensor<3x4xi1>) outs(%C : tensor<2x4xi1>) -> tensor<2x4xi1>
  return %0 : tensor<2x4xi1>
}
func.func @tgt(%A: tensor<2x3xi1>, %B: tensor<3x4xi1>, %C: tensor<2x4xi1>) -> tensor<2x4xi1> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<2x3xi1>, tensor<3x4xi1>) outs(%C : tensor<2x4xi1>) {
  ^bb0(%x: i1, %y: i1, %acc: i1):
    %p = arith.muli %x, %y : i1
    %s = arith.addi %acc, %p : i1
    linalg.yield %s : i1
  } -> tensor<2x4xi1>
  return %0 : tensor<2x4xi1>
}
