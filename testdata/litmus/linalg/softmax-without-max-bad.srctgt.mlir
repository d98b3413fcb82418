// linalg.softmax subtracts the row maximum before exp (MLIR's decomposition); the naive
// exp(x) / sum(exp(x)) is the same over the reals but not in floats: exp of a large score
// overflows to inf and inf / inf is NaN where softmax gives a number. irverify's concrete
// evaluation reproduces the counterexample on inputs of large magnitude (abstract floats,
// chosen here so that exact IEEE floats are not tried first). Over the reals the two are equal
// (--fp=real: correct, a real-only proof).
// RUN: not irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: incorrect
// CHECK: confirmed: true (irverify's concrete evaluation
// CHECK: verdict: incorrect
// RUN: irverify check %s --no-confirm --fp=real | filecheck %s --check-prefix=REAL
// REAL: @src: correct
// REAL: real-only
// REAL: verdict: correct

func.func @src(%x : tensor<1x4xf32>) -> tensor<1x4xf32> {
  %e = tensor.empty() : tensor<1x4xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}
func.func @tgt(%x : tensor<1x4xf32>) -> tensor<1x4xf32> {
  %zero = arith.constant 0.0 : f32
  %red = tensor.empty() : tensor<1xf32>
  %full = tensor.empty() : tensor<1x4xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x4xf32>) outs(%full : tensor<1x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.exp %in : f32
    linalg.yield %r : f32
  } -> tensor<1x4xf32>
  %si = linalg.fill ins(%zero : f32) outs(%red : tensor<1xf32>) -> tensor<1xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%exp : tensor<1x4xf32>) outs(%si : tensor<1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<1xf32>
  %div = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%exp, %sum : tensor<1x4xf32>, tensor<1xf32>) outs(%full : tensor<1x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %r = arith.divf %in, %in_1 : f32
    linalg.yield %r : f32
  } -> tensor<1x4xf32>
  return %div : tensor<1x4xf32>
}
