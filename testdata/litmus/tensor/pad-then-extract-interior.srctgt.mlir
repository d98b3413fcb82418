// Extracting the interior of a tensor.pad (dynamic source) gives the source back.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%t: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %n = tensor.dim %t, %c0 : tensor<?x4xf32>
  %p = tensor.pad %t low[1, 2] high[3, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x4xf32> to tensor<?x6xf32>
  %e = tensor.extract_slice %p[1, 2] [%n, 4] [1, 1] : tensor<?x6xf32> to tensor<?x4xf32>
  return %e : tensor<?x4xf32>
}
func.func @tgt(%t: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %t : tensor<?x4xf32>
}
