// Widening an f8E5M2FNUZ to f32 and narrowing it back is the identity on every pattern (NaN
// 0x80 included): FNUZ conversions are exact (irverify/smt/small_floats.py).
// RUN: irverify check %s | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct
func.func @src(%x: f8E5M2FNUZ) -> f8E5M2FNUZ {
  return %x : f8E5M2FNUZ
}
func.func @tgt(%x: f8E5M2FNUZ) -> f8E5M2FNUZ {
  %w = arith.extf %x : f8E5M2FNUZ to f32
  %n = arith.truncf %w : f32 to f8E5M2FNUZ
  return %n : f8E5M2FNUZ
}
