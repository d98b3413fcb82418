// Only IREE's codegen configuration attributes are hints: another value under the name
// lowering_config is an attribute irverify does not interpret.
// RUN: not irverify check %s --no-confirm 2>&1 | filecheck %s
// CHECK: @src: unsupported
// CHECK-NEXT: unsupported: attribute 'lowering_config' of 'linalg.copy'

func.func @src(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.copy {lowering_config = "round-to-zero"} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @tgt(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.copy ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
