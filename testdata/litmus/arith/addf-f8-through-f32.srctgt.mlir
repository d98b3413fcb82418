// addf on f8E5M2 is the exact sum rounded once to f8E5M2; IREE computes it in f32 and narrows
// (iree-convert-unsupported-float-arith). The double rounding is innocuous: f32's 24-bit
// significand holds 2 * 3 + 2 bits (Figueroa's condition) and f32 holds every exact sum.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct
func.func @src(%x: f8E5M2) -> f8E5M2 {
  %c = arith.constant 1.5 : f8E5M2
  %s = arith.addf %x, %c : f8E5M2
  return %s : f8E5M2
}
func.func @tgt(%x: f8E5M2) -> f8E5M2 {
  %a = arith.extf %x : f8E5M2 to f32
  %c = arith.constant 1.5 : f32
  %s = arith.addf %a, %c : f32
  %r = arith.truncf %s : f32 to f8E5M2
  return %r : f8E5M2
}
