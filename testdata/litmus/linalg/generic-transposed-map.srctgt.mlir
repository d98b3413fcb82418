// linalg.generic reading its input through a transposed indexing map is linalg.transpose.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @src(%a: tensor<3x?xi32>, %init: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %0 = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x?xi32>) outs(%init : tensor<?x3xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}
func.func @tgt(%a: tensor<3x?xi32>, %init: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %0 = linalg.transpose ins(%a : tensor<3x?xi32>) outs(%init : tensor<?x3xi32>) permutation = [1, 0]
  return %0 : tensor<?x3xi32>
}
