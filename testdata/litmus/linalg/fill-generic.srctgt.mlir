// linalg.fill equals a linalg.generic that yields the fill value (dynamic shape).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @src(%init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = arith.constant 1.5 : f32
  %0 = linalg.fill ins(%c : f32) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @tgt(%init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = arith.constant 1.5 : f32
  %0 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]}
      outs(%init : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %c : f32
  } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
