// math.copysign is exact on the bits in the default model: copysign(x, -1.0) = -|x| for
// every x, NaN included (negf(absf(x)) sets the sign bit too).
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32) -> i32 {
  %m = arith.constant -1.0 : f32
  %0 = math.copysign %x, %m : f32
  %b = arith.bitcast %0 : f32 to i32
  return %b : i32
}

func.func @tgt(%x: f32) -> i32 {
  %a = math.absf %x : f32
  %n = arith.negf %a : f32
  %b = arith.bitcast %n : f32 to i32
  return %b : i32
}
