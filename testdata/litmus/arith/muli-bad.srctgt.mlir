// x * 2 is not x << 2.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: i16) -> i16 {
  %c2 = arith.constant 2 : i16
  %0 = arith.muli %x, %c2 : i16
  return %0 : i16
}

func.func @tgt(%x: i16) -> i16 {
  %c2 = arith.constant 2 : i16
  %0 = arith.shli %x, %c2 : i16
  return %0 : i16
}
