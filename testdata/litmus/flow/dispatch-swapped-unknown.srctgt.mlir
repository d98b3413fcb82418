// As dispatch-trace, with the two dispatches swapped: nothing says the executables commute, so
// irverify cannot prove it; the counterexample rests on the opaque dispatches' unknown values,
// so it is `unknown` without execution, never `correct`.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: counterexample through opaque op 'flow.dispatch'
// CHECK: verdict: unknown

func.func @src(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %0 = flow.dispatch @ex::@entry0[%c4](%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = flow.dispatch @ex::@entry1[%c4](%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

func.func @tgt(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %0 = flow.dispatch @ex::@entry1[%c4](%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = flow.dispatch @ex::@entry0[%c4](%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
