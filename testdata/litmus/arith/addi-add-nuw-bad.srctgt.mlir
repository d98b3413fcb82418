// Adding nuw makes the target poison on unsigned wrap-around.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: i8, %y: i8) -> i8 {
  %0 = arith.addi %x, %y : i8
  return %0 : i8
}

func.func @tgt(%x: i8, %y: i8) -> i8 {
  %0 = arith.addi %x, %y overflow<nuw> : i8
  return %0 : i8
}
