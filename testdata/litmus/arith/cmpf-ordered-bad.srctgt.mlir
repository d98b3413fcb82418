// olt and ult differ when an operand is NaN.
// RUN: not irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: f32, %y: f32) -> i1 {
  %0 = arith.cmpf olt, %x, %y : f32
  return %0 : i1
}

func.func @tgt(%x: f32, %y: f32) -> i1 {
  %0 = arith.cmpf ult, %x, %y : f32
  return %0 : i1
}
