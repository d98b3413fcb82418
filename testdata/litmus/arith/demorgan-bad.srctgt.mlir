// ~(x & y) is not ~x & ~y.
// REQUIRES: iree
// RUN: not irverify check %s | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: confirmed: true (IREE llvm-cpu (0-d tensor dispatch))
// CHECK: verdict: incorrect

func.func @src(%x: i32, %y: i32) -> i32 {
  %m = arith.constant -1 : i32
  %0 = arith.andi %x, %y : i32
  %1 = arith.xori %0, %m : i32
  return %1 : i32
}

func.func @tgt(%x: i32, %y: i32) -> i32 {
  %m = arith.constant -1 : i32
  %0 = arith.xori %x, %m : i32
  %1 = arith.xori %y, %m : i32
  %2 = arith.andi %0, %1 : i32
  return %2 : i32
}
