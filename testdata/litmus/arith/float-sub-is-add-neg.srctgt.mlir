// IEEE §5.4.1: x - y is x + (-y) for all inputs (signed zeros and infinities included).
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32, %y: f32) -> f32 {
  %0 = arith.subf %x, %y : f32
  return %0 : f32
}

func.func @tgt(%x: f32, %y: f32) -> f32 {
  %n = arith.negf %y : f32
  %0 = arith.addf %n, %x : f32
  return %0 : f32
}
