// x / 4.0 = x * 0.25 for all x: both round the same exact value x * 2^-2 (IEEE §4.3), with
// the same NaN, zero and infinity cases. The abstract float model knows it.
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f16) -> f16 {
  %c = arith.constant 4.0 : f16
  %0 = arith.divf %x, %c : f16
  return %0 : f16
}

func.func @tgt(%x: f16) -> f16 {
  %c = arith.constant 0.25 : f16
  %0 = arith.mulf %c, %x : f16
  return %0 : f16
}
