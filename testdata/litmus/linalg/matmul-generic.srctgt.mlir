// linalg.matmul equals its generic form (ins A(m,k), B(k,n), accumulate into C(m,n)).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @src(%A: tensor<2x3xi32>, %B: tensor<3x4xi32>, %C: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %0 = linalg.matmul ins(%A, %B : tensor<2x3xi32>, tensor<3x4xi32>) outs(%C : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}
func.func @tgt(%A: tensor<2x3xi32>, %B: tensor<3x4xi32>, %C: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<2x3xi32>, tensor<3x4xi32>) outs(%C : tensor<2x4xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}
