// negf on f8E4M3FNUZ cannot flip the sign of 0 or of NaN: the format has no -0, and the pattern
// 0x80 is its only NaN. Flipping the sign bit swaps 0 and NaN.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: ERROR: value mismatch
// CHECK: verdict: incorrect
func.func @src(%x: f8E4M3FNUZ) -> f8E4M3FNUZ {
  %n = arith.negf %x : f8E4M3FNUZ
  return %n : f8E4M3FNUZ
}
func.func @tgt(%x: f8E4M3FNUZ) -> f8E4M3FNUZ {
  %b = arith.bitcast %x : f8E4M3FNUZ to i8
  %m = arith.constant -128 : i8
  %f = arith.xori %b, %m : i8
  %r = arith.bitcast %f : i8 to f8E4M3FNUZ
  return %r : f8E4M3FNUZ
}
