// linalg.elementwise <add> on i1 is ori (MLIR's bool arithmetic), not addi (xor on i1).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Source value: 1
// CHECK-NEXT: Target value: 0
// CHECK: verdict: incorrect

#id = affine_map<(i) -> (i)>
func.func @src(%a: tensor<4xi1>, %b: tensor<4xi1>, %o: tensor<4xi1>) -> tensor<4xi1> {
  %0 = linalg.elementwise <add> ins(%a, %b : tensor<4xi1>, tensor<4xi1>) outs(%o : tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
func.func @tgt(%a: tensor<4xi1>, %b: tensor<4xi1>, %o: tensor<4xi1>) -> tensor<4xi1> {
  %0 = arith.addi %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}
