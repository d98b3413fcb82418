// A softmax over the wrong dimension: over dim 0 of a 1x4 tensor every element is its own row
// (exp(x - x) / exp(x - x) = 1), over dim 1 the four share one sum. The counterexample rests on
// uninterpreted exp and divisions (abstract floats, chosen here so that exact IEEE floats are not
// tried first); irverify's own concrete evaluation of both sides reproduces it.
// RUN: not irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: incorrect
// CHECK: confirmed: true (irverify's concrete evaluation
// CHECK: verdict: incorrect

func.func @src(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %e = tensor.empty() : tensor<1x4xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}

func.func @tgt(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %e = tensor.empty() : tensor<1x4xf32>
  %s = linalg.softmax dimension(0) ins(%x : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}
