// linalg.matmul is not the generic that reads B transposed (square B).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK-NEXT: ERROR: value mismatch
// CHECK: verdict: incorrect

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @src(%A: tensor<2x3xi32>, %B: tensor<3x3xi32>, %C: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = linalg.matmul ins(%A, %B : tensor<2x3xi32>, tensor<3x3xi32>) outs(%C : tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
func.func @tgt(%A: tensor<2x3xi32>, %B: tensor<3x3xi32>, %C: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<2x3xi32>, tensor<3x3xi32>) outs(%C : tensor<2x3xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
