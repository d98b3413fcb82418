// andi(c, x) -> select(c, x, false) only removes poison: correct.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%c: i1, %x: i1) -> i1 {
  %0 = arith.andi %c, %x : i1
  return %0 : i1
}

func.func @tgt(%c: i1, %x: i1) -> i1 {
  %f = arith.constant false
  %0 = arith.select %c, %x, %f : i1
  return %0 : i1
}
