// (x / y) * 0 divides by zero when y = 0: the target introduces UB.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: target has undefined behaviour where the source is defined
// CHECK: Example:
// CHECK: Target UB:
// CHECK-SAME: division by zero
// CHECK-NOT: Source value
// CHECK: verdict: incorrect

func.func @src(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}

func.func @tgt(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.divui %x, %y : i32
  %1 = arith.muli %0, %c0 : i32
  return %1 : i32
}
