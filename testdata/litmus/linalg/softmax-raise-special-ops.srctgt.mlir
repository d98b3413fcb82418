// iree-global-opt-raise-special-ops raises a numerically stable softmax written as generics
// (the max reduction, x - max, exp, the sum, the division) to linalg.softmax; the source is
// IREE's own test input (GlobalOptimization/test/raise_special_ops.mlir, @softmax_maxnumf),
// the target what the installed pass makes of it. linalg.softmax means MLIR's decomposition
// (max with maxnumf from -NaN, then exp(x - max) / sum), so the raise changes the max's init
// from the lowest finite value to -NaN: the rows where that shows (every value -inf, or NaN)
// give NaN on both sides (exp(-inf) = 0 and 0/0, or exp(NaN)), and the proof holds for every
// input bit for bit under the default float model (about 5 s of CPU time). Rows of 3: on rows of
// 4 the solver's time on the max fold varies tenfold with the process's history (2.7 s to 98 s)
// and often passes the 20 s timeout (unknown), so the case would not be a stable test.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct
// RUN: irverify validate-pass --iree-pipeline 'builtin.module(util.func(iree-global-opt-raise-special-ops))' %s --no-confirm | filecheck %s --check-prefix=PASS
// PASS: correct
// PASS: verdict: correct

util.func public @src(%src : tensor<2x3xf32>) -> (tensor<2x3xf32>) {
  %cst0 = arith.constant 0.000000e+00 : f32
  %cstlow = arith.constant -3.40282347E+38 : f32
  %e1 = tensor.empty() : tensor<2xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %fillmax = linalg.fill ins(%cstlow : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%src : tensor<2x3xf32>) outs(%fillmax : tensor<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<2xf32>
  %sub = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%src, %max : tensor<2x3xf32>, tensor<2xf32>) outs(%e2 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%sub : tensor<2x3xf32>) outs(%e2 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<2x3xf32>
  %fillsum = linalg.fill ins(%cst0 : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%exp : tensor<2x3xf32>) outs(%fillsum : tensor<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %div = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%exp, %sum : tensor<2x3xf32>, tensor<2xf32>) outs(%e2 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x3xf32>
  util.return %div : tensor<2x3xf32>
}

util.func public @tgt(%src : tensor<2x3xf32>) -> (tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.softmax dimension(1) ins(%src : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  util.return %s : tensor<2x3xf32>
}
