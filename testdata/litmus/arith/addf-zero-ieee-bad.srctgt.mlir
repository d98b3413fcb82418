// x + 0.0 is not x: (-0.0) + 0.0 = +0.0.
// RUN: not irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK-NEXT: %x : f32 = -0.0 (0x80000000)
// CHECK: Source value: -0.0 (0x80000000)
// CHECK-NEXT: Target value: 0.0 (0x00000000)
// CHECK: verdict: incorrect

func.func @src(%x: f32) -> f32 {
  return %x : f32
}

func.func @tgt(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %0 = arith.addf %x, %z : f32
  return %0 : f32
}
