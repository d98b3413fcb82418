// x + y is not x - y. The abstract float model leaves both uninterpreted; by default irverify
// then decides the same check under exact IEEE floats and says so.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: note: decided under exact IEEE-754 floats
// CHECK: verdict: incorrect
// CHECK: model: abstract floats {{.*}}; exact IEEE-754 floats for @src

func.func @src(%x: f32, %y: f32) -> f32 {
  %0 = arith.addf %x, %y : f32
  return %0 : f32
}

func.func @tgt(%x: f32, %y: f32) -> f32 {
  %0 = arith.subf %x, %y : f32
  return %0 : f32
}
