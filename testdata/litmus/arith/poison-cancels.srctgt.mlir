// Poison that cancels: the nsw sum is never used, and select(false, poison, x) is x.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i8, %y: i8) -> i8 {
  %dead = arith.addi %x, %y overflow<nsw> : i8
  %c8 = arith.constant 8 : i8
  %p = arith.shli %x, %c8 : i8
  %f = arith.constant false
  %0 = arith.select %f, %p, %y : i8
  return %0 : i8
}

func.func @tgt(%x: i8, %y: i8) -> i8 {
  return %y : i8
}
