// x * 0.0 is not 0.0: (-1.0) * 0.0 = -0.0, and inf * 0.0 and NaN * 0.0 are NaN.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %0 = arith.mulf %x, %z : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  return %z : f32
}
