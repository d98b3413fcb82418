// math functions are uninterpreted but congruent: computing rsqrt once instead of twice is
// correct (CSE), whatever rsqrt returns.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32) -> f32 {
  %0 = math.rsqrt %x : f32
  %1 = math.rsqrt %x : f32
  %2 = arith.mulf %0, %1 : f32
  return %2 : f32
}

func.func @tgt(%x: f32) -> f32 {
  %0 = math.rsqrt %x : f32
  %2 = arith.mulf %0, %0 : f32
  return %2 : f32
}
