// x + 0.0 is not x: (-0.0) + (+0.0) = +0.0. Found with the plain command line (the abstract
// model knows the sum of zeros exactly; exact IEEE floats decide it).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: %x : f32 = -0.0 (0x80000000)
// CHECK: Source value: 0.0 (0x00000000)
// CHECK-NEXT: Target value: -0.0 (0x80000000)
// CHECK: verdict: incorrect

func.func @src(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %0 = arith.addf %x, %z : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  return %x : f32
}
