// IEEE: x * 1.0 = x for every x that is not NaN; a NaN stays a NaN (payload unspecified).
// The abstract float model knows it (no escalation).
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %0 = arith.mulf %x, %one : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  return %x : f32
}
