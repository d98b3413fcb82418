// A float reduction over one element has one order: init + x. Dropping the unit reduction dim
// (as linalg-fold-unit-extent-dims does) gives the same elementwise addf.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%a: tensor<?x1xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.reduce ins(%a : tensor<?x1xf32>) outs(%init : tensor<?xf32>) dimensions = [1]
  (%x: f32, %acc: f32) {
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return %0 : tensor<?xf32>
}
func.func @tgt(%a: tensor<?x1xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%c : tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
