// x * 3 = (x + x) + x holds in IEEE (x + x is exact, so both round 3x once). The abstract
// float model cannot prove it; by default irverify decides it under exact IEEE floats.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: note: decided under exact IEEE-754 floats
// CHECK: verdict: correct
// CHECK: model: abstract floats {{.*}}; exact IEEE-754 floats for @src

func.func @src(%x: f16) -> f16 {
  %c = arith.constant 3.0 : f16
  %0 = arith.mulf %x, %c : f16
  return %0 : f16
}

func.func @tgt(%x: f16) -> f16 {
  %0 = arith.addf %x, %x : f16
  %1 = arith.addf %0, %x : f16
  return %1 : f16
}
