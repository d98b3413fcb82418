// Dropping iree_tensor_ext.compute_barrier.start/end (identities that only fence off reshape
// propagation and fusion) once the rewrites they guard are done keeps every value.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct
func.func @src(%x: tensor<?x3xf32>, %y: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3xf32>
  %a = iree_tensor_ext.compute_barrier.start %x : tensor<?x3xf32>{%n} -> tensor<?x3xf32>
  %s = arith.addf %a, %y : tensor<?x3xf32>
  %b = iree_tensor_ext.compute_barrier.end %s : tensor<?x3xf32>{%n} -> tensor<?x3xf32>
  return %b : tensor<?x3xf32>
}
func.func @tgt(%x: tensor<?x3xf32>, %y: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %s = arith.addf %x, %y : tensor<?x3xf32>
  return %s : tensor<?x3xf32>
}
