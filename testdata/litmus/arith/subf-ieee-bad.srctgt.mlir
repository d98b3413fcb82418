// x + y is not x - y under exact IEEE semantics.
// RUN: not irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: Differing output: result #0
// CHECK: Source value:
// CHECK: Target value:
// CHECK: verdict: incorrect

func.func @src(%x: f32, %y: f32) -> f32 {
  %0 = arith.addf %x, %y : f32
  return %0 : f32
}

func.func @tgt(%x: f32, %y: f32) -> f32 {
  %0 = arith.subf %x, %y : f32
  return %0 : f32
}
