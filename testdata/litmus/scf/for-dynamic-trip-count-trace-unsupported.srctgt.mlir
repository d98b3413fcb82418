// A loop kept as an uninterpreted function must be pure value computation: a body holding
// flow.tensor.trace (an op with an effect beyond its results) makes it unsupported, even
// when both sides hold the same loop.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: its body holds 'flow.tensor.trace', which is not a pure function of its operands
// CHECK: verdict: unsupported

func.func @src(%a: tensor<8xf32>, %lb: index, %ub: index, %step: index) -> tensor<8xf32> {
  %r = scf.for %i = %lb to %ub step %step iter_args(%s = %a) -> (tensor<8xf32>) {
    flow.tensor.trace "s" = [%s : tensor<8xf32>]
    scf.yield %s : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
func.func @tgt(%a: tensor<8xf32>, %lb: index, %ub: index, %step: index) -> tensor<8xf32> {
  %r = scf.for %i = %lb to %ub step %step iter_args(%s = %a) -> (tensor<8xf32>) {
    flow.tensor.trace "s" = [%s : tensor<8xf32>]
    scf.yield %s : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
