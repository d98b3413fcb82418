// A dispatch's function is named by its operand types too: the same entry point on an f16
// tensor and on the same bits read as bf16 are different functions (f16 and bf16 share a
// 16-bit sort), so the rewrite is not proved.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: counterexample through opaque op 'flow.dispatch'
// CHECK: verdict: unknown

func.func @src(%arg0: tensor<4xf16>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %0 = flow.dispatch @ex::@entry[%c4](%arg0) : (tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @tgt(%arg0: tensor<4xf16>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %b = arith.bitcast %arg0 : tensor<4xf16> to tensor<4xbf16>
  %0 = flow.dispatch @ex::@entry[%c4](%b) : (tensor<4xbf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
