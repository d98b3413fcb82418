// Sign and zero extension differ for negative values.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: i8) -> i32 {
  %0 = arith.extsi %x : i8 to i32
  return %0 : i32
}

func.func @tgt(%x: i8) -> i32 {
  %0 = arith.extui %x : i8 to i32
  return %0 : i32
}
