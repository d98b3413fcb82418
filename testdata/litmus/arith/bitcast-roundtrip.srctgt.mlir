// bitcast f32 -> i32 -> f32 is the identity on bits.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32) -> f32 {
  return %x : f32
}

func.func @tgt(%x: f32) -> f32 {
  %0 = arith.bitcast %x : f32 to i32
  %1 = arith.bitcast %0 : i32 to f32
  return %1 : f32
}
