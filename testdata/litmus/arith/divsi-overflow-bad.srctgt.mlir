// INT_MIN / -1 is UB in the target only.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: target has undefined behaviour where the source is defined
// CHECK: Example:
// CHECK-NEXT: %x : i32 = -2147483648 (0x80000000)
// CHECK: Target UB: {{.*}}arith.divsi: signed division overflow
// CHECK: verdict: incorrect

func.func @src(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.subi %c0, %x : i32
  return %0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  %m1 = arith.constant -1 : i32
  %0 = arith.divsi %x, %m1 : i32
  return %0 : i32
}
