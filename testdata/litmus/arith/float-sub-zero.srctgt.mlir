// IEEE: x - 0.0 = x + (-0.0) = x for every x that is not NaN (§5.4.1: subtraction is addition
// of the negated operand). The abstract float model knows it.
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f64) -> f64 {
  %z = arith.constant 0.0 : f64
  %0 = arith.subf %x, %z : f64
  return %0 : f64
}

func.func @tgt(%x: f64) -> f64 {
  return %x : f64
}
