// iree-flow-inject-dispatch-tracing: traces around a dispatch change no value. The dispatch is
// an opaque op (its executable is not read): the same dispatch of the same operands is the same
// value on both sides.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %0 = flow.dispatch @ex::@entry0[%c4](%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = flow.dispatch @ex::@entry1[%c4](%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

func.func @tgt(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  flow.tensor.trace "ex::entry0 inputs" = [%arg0 : tensor<4xf32>]
  %0 = flow.dispatch @ex::@entry0[%c4](%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  flow.tensor.trace "ex::entry0 outputs" = [%0 : tensor<4xf32>]
  %1 = flow.dispatch @ex::@entry1[%c4](%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
