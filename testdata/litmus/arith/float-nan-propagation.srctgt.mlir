// IEEE §6.2: an operation with a NaN operand gives a NaN (its payload is unspecified, so any
// NaN refines it). The abstract float model knows it.
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32, %y: f32) -> f32 {
  %nan = arith.constant 0x7F800001 : f32
  %a = arith.mulf %x, %nan : f32
  %b = arith.divf %y, %a : f32
  %c = arith.subf %b, %x : f32
  %d = arith.remf %c, %y : f32
  return %d : f32
}

func.func @tgt(%x: f32, %y: f32) -> f32 {
  %nan = arith.constant 0x7FC00000 : f32
  return %nan : f32
}
