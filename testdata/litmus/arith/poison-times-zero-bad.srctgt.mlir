// Poison propagates through arithmetic even where the value would not matter: a poison
// sum multiplied by 0 is poison, not 0.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: 0
// CHECK: Target value: poison
// CHECK: verdict: incorrect

func.func @src(%x: i8, %y: i8) -> i8 {
  %c0 = arith.constant 0 : i8
  return %c0 : i8
}

func.func @tgt(%x: i8, %y: i8) -> i8 {
  %s = arith.addi %x, %y overflow<nsw> : i8
  %c0 = arith.constant 0 : i8
  %0 = arith.muli %s, %c0 : i8
  return %0 : i8
}
