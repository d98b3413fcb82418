// x srem 8 is not x & 7 for negative x.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: i32) -> i32 {
  %c8 = arith.constant 8 : i32
  %0 = arith.remsi %x, %c8 : i32
  return %0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  %c7 = arith.constant 7 : i32
  %0 = arith.andi %x, %c7 : i32
  return %0 : i32
}
