// x - (-0.0) = x + 0.0 is not x: (-0.0) - (-0.0) = +0.0.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: %x : f64 = -0.0 (0x8000000000000000)
// CHECK: verdict: incorrect

func.func @src(%x: f64) -> f64 {
  %z = arith.constant -0.0 : f64
  %0 = arith.subf %x, %z : f64
  return %0 : f64
}

func.func @tgt(%x: f64) -> f64 {
  return %x : f64
}
