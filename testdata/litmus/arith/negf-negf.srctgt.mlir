// negf(negf x) == x bit for bit (abstract float model).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32) -> f32 {
  %0 = arith.negf %x : f32
  %1 = arith.negf %0 : f32
  return %1 : f32
}

func.func @tgt(%x: f32) -> f32 {
  return %x : f32
}
