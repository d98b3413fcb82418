// The second operand of a tensor.concat along dim 0 is the slice after the first (dynamic rows).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%a: tensor<?x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x3xi32>
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x3xi32>, tensor<2x3xi32>) -> tensor<?x3xi32>
  %1 = tensor.extract_slice %0[%n, 0] [2, 3] [1, 1] : tensor<?x3xi32> to tensor<2x3xi32>
  return %1 : tensor<2x3xi32>
}
func.func @tgt(%a: tensor<?x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
  return %b : tensor<2x3xi32>
}
