// x - x is +0.0 only for finite x: inf - inf and NaN - NaN are NaN.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: nan
// CHECK-NEXT: Target value: 0.0
// CHECK: verdict: incorrect

func.func @src(%x: f32) -> f32 {
  %0 = arith.subf %x, %x : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  return %z : f32
}
