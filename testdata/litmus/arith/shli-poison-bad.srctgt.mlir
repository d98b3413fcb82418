// A shift by the bit width is poison: it cannot replace a defined 0.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value: poison
// CHECK: verdict: incorrect

func.func @src(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %0 = arith.shli %x, %c32 : i32
  return %0 : i32
}
