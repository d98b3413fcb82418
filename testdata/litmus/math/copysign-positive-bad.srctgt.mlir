// copysign(x, 0.0) is |x|, not x (for negative x, and for a NaN with its sign bit set).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %0 = math.copysign %x, %z : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  return %x : f32
}
