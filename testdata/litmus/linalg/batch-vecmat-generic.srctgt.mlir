// linalg.batch_vecmat is C[b, n] += A[b, k] * B[b, k, n] (MLIR's named op definition; the
// target is what linalg-generalize-named-ops makes of it), here with a dynamic batch.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#a = affine_map<(b, n, k) -> (b, k)>
#bm = affine_map<(b, n, k) -> (b, k, n)>
#c = affine_map<(b, n, k) -> (b, n)>
func.func @src(%A: tensor<?x3xf32>, %B: tensor<?x3x4xf32>, %C: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = linalg.batch_vecmat ins(%A, %B : tensor<?x3xf32>, tensor<?x3x4xf32>) outs(%C : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @tgt(%A: tensor<?x3xf32>, %B: tensor<?x3x4xf32>, %C: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #bm, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<?x3xf32>, tensor<?x3x4xf32>) outs(%C : tensor<?x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
