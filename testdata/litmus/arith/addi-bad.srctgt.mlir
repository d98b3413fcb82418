// x + y is not x - y (confirmed on IREE).
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
  %0 = arith.addi %x, %y : i32
  return %0 : i32
}

func.func @tgt(%x: i32, %y: i32) -> i32 {
  %0 = arith.subi %x, %y : i32
  return %0 : i32
}
