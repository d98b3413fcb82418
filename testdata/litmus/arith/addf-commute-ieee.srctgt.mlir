// IEEE addition is commutative (up to NaN payloads).
// RUN: irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32, %y: f32) -> f32 {
  %0 = arith.addf %x, %y : f32
  return %0 : f32
}

func.func @tgt(%x: f32, %y: f32) -> f32 {
  %0 = arith.addf %y, %x : f32
  return %0 : f32
}
