// truncf(extf x) == x for f16 -> f32 -> f16.
// RUN: irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f16) -> f16 {
  return %x : f16
}

func.func @tgt(%x: f16) -> f16 {
  %0 = arith.extf %x : f16 to f32
  %1 = arith.truncf %0 : f32 to f16
  return %1 : f16
}
