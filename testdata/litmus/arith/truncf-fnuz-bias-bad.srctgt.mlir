// f8E5M2FNUZ and f8E5M2 share their bit layout but not their exponent bias (16 and 15): the
// same pattern is half the value in FNUZ, so reinterpreting the bits is not a conversion.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: verdict: incorrect
func.func @src(%x: f32) -> f8E5M2 {
  %n = arith.truncf %x : f32 to f8E5M2
  return %n : f8E5M2
}
func.func @tgt(%x: f32) -> f8E5M2 {
  %n = arith.truncf %x : f32 to f8E5M2FNUZ
  %b = arith.bitcast %n : f8E5M2FNUZ to i8
  %r = arith.bitcast %b : i8 to f8E5M2
  return %r : f8E5M2
}
