// The pair of subnormal-constant-dropped-contested-bad, under --subnormals=flush: the subnormal
// constant is read as -0.0 by the addition, so both sides compute x + (-0.0).
// RUN: irverify check %s --no-confirm --subnormals flush | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct
func.func @src(%x: f32) -> f32 {
  %tiny = arith.constant 0x80000001 : f32
  %r = arith.addf %x, %tiny : f32
  return %r : f32
}
func.func @tgt(%x: f32) -> f32 {
  %z = arith.constant -0.0 : f32
  %r = arith.addf %x, %z : f32
  return %r : f32
}
