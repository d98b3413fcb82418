// slt is not ult.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: i32, %y: i32) -> i1 {
  %0 = arith.cmpi slt, %x, %y : i32
  return %0 : i1
}

func.func @tgt(%x: i32, %y: i32) -> i1 {
  %0 = arith.cmpi ult, %x, %y : i32
  return %0 : i1
}
