// util.numeric.optional_narrow is a placeholder for a narrowing claim: its result is its
// operand, whatever the claimed range.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%x: tensor<3xf32>, %y: i32) -> (tensor<3xf32>, i32) {
  return %x, %y : tensor<3xf32>, i32
}

func.func @tgt(%x: tensor<3xf32>, %y: i32) -> (tensor<3xf32>, i32) {
  %0 = util.numeric.optional_narrow %x : tensor<3xf32> as si8 <min_value = -39 : si8, max_value = 127 : si8>
  %1 = util.numeric.optional_narrow %y : i32 as ui7
  return %0, %1 : tensor<3xf32>, i32
}
