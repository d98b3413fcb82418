// Constant operands fold exactly: truncf rounds to nearest even (3.00000012 and 3.00000035
// both round to the f32 3.00000024; 70000.0 overflows f16 to inf), addf and divf round once.
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src() -> (f32, f32, f16, f32, f32) {
  %a = arith.constant 3.00000012 : f64
  %b = arith.constant 3.00000035 : f64
  %ta = arith.truncf %a : f64 to f32
  %tb = arith.truncf %b : f64 to f32
  %big = arith.constant 70000.0 : f32
  %tbig = arith.truncf %big : f32 to f16
  %one = arith.constant 1.0 : f32
  %eps = arith.constant 1.0e-08 : f32
  %s = arith.addf %one, %eps : f32
  %three = arith.constant 3.0 : f32
  %q = arith.divf %one, %three : f32
  return %ta, %tb, %tbig, %s, %q : f32, f32, f16, f32, f32
}

func.func @tgt() -> (f32, f32, f16, f32, f32) {
  %c = arith.constant 0x40400001 : f32
  %inf = arith.constant 0x7C00 : f16
  %one = arith.constant 1.0 : f32
  %q = arith.constant 0x3EAAAAAB : f32
  return %c, %c, %inf, %one, %q : f32, f32, f16, f32, f32
}
