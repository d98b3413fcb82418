// fptosi(x) is not a constant: poison only where x rounded toward zero does not fit.
// RUN: not irverify check %s --no-confirm | filecheck %s
// RUN: not irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: verdict: incorrect

func.func @src(%x: f32) -> i32 {
  %0 = arith.fptosi %x : f32 to i32
  return %0 : i32
}

func.func @tgt(%x: f32) -> i32 {
  %c = arith.constant -2147483648 : i32
  return %c : i32
}
