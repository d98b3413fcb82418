// Arithmetic and logical shifts differ on negative values.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.shrsi %x, %c1 : i32
  return %0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.shrui %x, %c1 : i32
  return %0 : i32
}
