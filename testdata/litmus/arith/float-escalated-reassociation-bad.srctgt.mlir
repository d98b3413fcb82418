// (x + y) + z is not x + (y + z) in IEEE arithmetic: the two roundings differ on some inputs.
// The abstract float model leaves both additions uninterpreted, and random inputs show no
// difference beyond what rounding explains; by default irverify then decides the same check
// under exact IEEE floats and says so.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: note: decided under exact IEEE-754 floats
// CHECK: verdict: incorrect
// CHECK: model: abstract floats {{.*}}; exact IEEE-754 floats for @src

func.func @src(%x: f32, %y: f32, %z: f32) -> f32 {
  %0 = arith.addf %x, %y : f32
  %1 = arith.addf %0, %z : f32
  return %1 : f32
}

func.func @tgt(%x: f32, %y: f32, %z: f32) -> f32 {
  %0 = arith.addf %y, %z : f32
  %1 = arith.addf %x, %0 : f32
  return %1 : f32
}
