// A float row sum whose summand is x * 1.0 equals the row sum of x: the two summands differ only
// in NaN payloads (x * 1.0 quiets a signalling NaN), and a NaN element makes every order of the
// sum a NaN. The reduction order stays unspecified (an uninterpreted fold).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @src(%a: tensor<?x5xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %one = arith.constant 1.0 : f32
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x5xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.mulf %x, %one : f32
    %s = arith.addf %m, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @tgt(%a: tensor<?x5xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.reduce ins(%a : tensor<?x5xf32>) outs(%init : tensor<?xf32>) dimensions = [1]
  (%x: f32, %acc: f32) {
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return %0 : tensor<?xf32>
}
