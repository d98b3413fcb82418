// Adding nsw makes the target poison where the source is defined.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value: poison
// CHECK: verdict: incorrect

func.func @src(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y : i32
  return %0 : i32
}

func.func @tgt(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y overflow<nsw> : i32
  return %0 : i32
}
