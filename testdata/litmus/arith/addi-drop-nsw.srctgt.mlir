// Dropping nsw only removes poison: correct (a poison source value may be refined by
// any value).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y overflow<nsw> : i32
  return %0 : i32
}

func.func @tgt(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y : i32
  return %0 : i32
}
