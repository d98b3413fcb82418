// Encoding another tensor of the same type is a different value (the encoding change is a
// function of its operand): a counterexample, which rests on the uninterpreted change, so it is
// unknown until execution confirms it.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: approximations: encoding change from tensor<4x8xf32>
// CHECK: verdict: unknown

#enc = #iree_encoding.testing<>
func.func @src(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32, #enc> {
  %0 = iree_encoding.set_encoding %x : tensor<4x8xf32> -> tensor<4x8xf32, #enc>
  return %0 : tensor<4x8xf32, #enc>
}

func.func @tgt(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32, #enc> {
  %0 = flow.tensor.encode %y : tensor<4x8xf32> -> tensor<4x8xf32, #enc>
  return %0 : tensor<4x8xf32, #enc>
}
