// x <o y == y >o x.
// RUN: irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32, %y: f32) -> i1 {
  %0 = arith.cmpf olt, %x, %y : f32
  return %0 : i1
}

func.func @tgt(%x: f32, %y: f32) -> i1 {
  %0 = arith.cmpf ogt, %y, %x : f32
  return %0 : i1
}
