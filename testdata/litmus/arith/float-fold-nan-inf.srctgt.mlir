// Constant folds of invalid operations and infinities: inf - inf, 0 * inf, 0 / 0 and
// inf / inf are NaN (any NaN refines them); 1 / -0 is -inf; extf keeps inf.
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src() -> (f32, f32, f32, f32, f32, f64) {
  %inf = arith.constant 0x7F800000 : f32
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %one = arith.constant 1.0 : f32
  %a = arith.subf %inf, %inf : f32
  %b = arith.mulf %z, %inf : f32
  %c = arith.divf %z, %nz : f32
  %d = arith.divf %inf, %inf : f32
  %e = arith.divf %one, %nz : f32
  %f = arith.extf %inf : f32 to f64
  return %a, %b, %c, %d, %e, %f : f32, f32, f32, f32, f32, f64
}

func.func @tgt() -> (f32, f32, f32, f32, f32, f64) {
  %nan = arith.constant 0x7FC00000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %inf = arith.constant 0x7FF0000000000000 : f64
  return %nan, %nan, %nan, %nan, %ninf, %inf : f32, f32, f32, f32, f32, f64
}
