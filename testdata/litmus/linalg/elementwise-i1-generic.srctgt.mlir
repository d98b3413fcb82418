// linalg.elementwise <add> and <mul> on i1 are ori and andi (as linalg-generalize-named-ops
// builds them).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%a: tensor<?xi1>, %b: tensor<?xi1>, %o: tensor<?xi1>) -> (tensor<?xi1>, tensor<?xi1>) {
  %0 = linalg.elementwise <add> ins(%a, %b : tensor<?xi1>, tensor<?xi1>) outs(%o : tensor<?xi1>) -> tensor<?xi1>
  %1 = linalg.elementwise <mul> ins(%a, %b : tensor<?xi1>, tensor<?xi1>) outs(%o : tensor<?xi1>) -> tensor<?xi1>
  return %0, %1 : tensor<?xi1>, tensor<?xi1>
}
func.func @tgt(%a: tensor<?xi1>, %b: tensor<?xi1>, %o: tensor<?xi1>) -> (tensor<?xi1>, tensor<?xi1>) {
  %0 = arith.ori %a, %b : tensor<?xi1>
  %1 = arith.andi %a, %b : tensor<?xi1>
  return %0, %1 : tensor<?xi1>, tensor<?xi1>
}
