// A softmax over the wrong dimension: over dim 0 of a 1x4 tensor every element is its own row
// (exp(x - x) / exp(x - x) = 1), over dim 1 the four share one sum. No float model interprets
// exp, so irverify evaluates both sides on random inputs before any solver query, and the
// difference shows there (softmax-without-max-bad.srctgt.mlir is a softmax pair whose difference
// random inputs do not show).
// RUN: not irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: 0.71128184
// CHECK: Target value: 1.0
// CHECK: note: found by irverify's concrete evaluation of the op definitions (IEEE rounding of each operation) on random inputs, before any solver query
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
