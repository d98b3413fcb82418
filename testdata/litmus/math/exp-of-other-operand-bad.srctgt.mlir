// Applying exp to the wrong operand is found and confirmed on IREE.
// RUN: not irverify check %s | filecheck %s
// CHECK: @src: incorrect
// CHECK: confirmed: true
// CHECK: verdict: incorrect

func.func @src(%x: f32, %y: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}

func.func @tgt(%x: f32, %y: f32) -> f32 {
  %0 = math.exp %y : f32
  return %0 : f32
}
