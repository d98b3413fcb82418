// Swapping the arms of a select without negating the condition.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%c: i1, %x: i32, %y: i32) -> i32 {
  %0 = arith.select %c, %x, %y : i32
  return %0 : i32
}

func.func @tgt(%c: i1, %x: i32, %y: i32) -> i32 {
  %0 = arith.select %c, %y, %x : i32
  return %0 : i32
}
