// x + (-0.0) == x bit for bit (or both NaN).
// RUN: irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32) -> f32 {
  return %x : f32
}

func.func @tgt(%x: f32) -> f32 {
  %z = arith.constant -0.0 : f32
  %0 = arith.addf %x, %z : f32
  return %0 : f32
}
