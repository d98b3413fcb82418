// A row-sum linalg.generic (reduction iterator) equals linalg.reduce over dimension 1.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @src(%a: tensor<?x4xi32>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x4xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %x, %acc : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @tgt(%a: tensor<?x4xi32>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %0 = linalg.reduce ins(%a : tensor<?x4xi32>) outs(%init : tensor<?xi32>) dimensions = [1]
  (%x: i32, %acc: i32) {
    %s = arith.addi %x, %acc : i32
    linalg.yield %s : i32
  }
  return %0 : tensor<?xi32>
}
