// x / 3.0 is not x * (1/3): 1/3 is not representable, so the products round differently.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%x: f32) -> f32 {
  %c = arith.constant 3.0 : f32
  %0 = arith.divf %x, %c : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  %c = arith.constant 0.333333343 : f32
  %0 = arith.mulf %x, %c : f32
  return %0 : f32
}
