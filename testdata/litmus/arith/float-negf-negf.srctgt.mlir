// negf flips the sign bit (NaNs included), so -(-x) is x bit for bit.
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f16) -> i16 {
  %n = arith.negf %x : f16
  %m = arith.negf %n : f16
  %b = arith.bitcast %m : f16 to i16
  return %b : i16
}

func.func @tgt(%x: f16) -> i16 {
  %b = arith.bitcast %x : f16 to i16
  return %b : i16
}
