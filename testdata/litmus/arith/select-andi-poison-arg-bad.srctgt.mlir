// select(c, x, false) is false when c is false, even if x is poison; andi(c, x) is
// poison then (arguments may be poison, as in Alive2).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: %c : i1 = 0 (0x0)
// CHECK: %x : i1 = poison
// CHECK: Source value: 0 (0x0)
// CHECK: Target value: poison
// CHECK: verdict: incorrect

func.func @src(%c: i1, %x: i1) -> i1 {
  %f = arith.constant false
  %0 = arith.select %c, %x, %f : i1
  return %0 : i1
}

func.func @tgt(%c: i1, %x: i1) -> i1 {
  %0 = arith.andi %c, %x : i1
  return %0 : i1
}
