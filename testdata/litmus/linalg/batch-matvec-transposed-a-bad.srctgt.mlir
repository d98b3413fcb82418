// linalg.batch_matvec is C[b, m] += A[b, m, k] * B[b, k]; the generic that reads A[b, k, m]
// (square rows) is another function.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK-NEXT: ERROR: value mismatch
// CHECK: verdict: incorrect

#a = affine_map<(b, m, k) -> (b, k, m)>
#bv = affine_map<(b, m, k) -> (b, k)>
#c = affine_map<(b, m, k) -> (b, m)>
func.func @src(%A: tensor<2x3x3xi32>, %B: tensor<2x3xi32>, %C: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = linalg.batch_matvec ins(%A, %B : tensor<2x3x3xi32>, tensor<2x3xi32>) outs(%C : tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
func.func @tgt(%A: tensor<2x3x3xi32>, %B: tensor<2x3xi32>, %C: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = linalg.generic {indexing_maps = [#a, #bv, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<2x3x3xi32>, tensor<2x3xi32>) outs(%C : tensor<2x3xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
