// Adding the negative subnormal -2^-149 is not adding -0.0: with IEEE's gradual underflow
// (irverify's default reading, as the arith dialect defines addf) 0.0 + -2^-149 is -2^-149.
// Code that flushes subnormals (IREE's llvm-cpu does) reads the constant as -0.0, and there the
// rewrite is right; the verdict names the reading it rests on and what the other one gives.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: assumption: --subnormals=keep: {{.*}} (under --subnormals=flush: correct)
// CHECK: verdict: incorrect
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
