// Signed and unsigned max differ when signs differ.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: i32, %y: i32) -> i32 {
  %0 = arith.maxsi %x, %y : i32
  return %0 : i32
}

func.func @tgt(%x: i32, %y: i32) -> i32 {
  %0 = arith.maxui %x, %y : i32
  return %0 : i32
}
