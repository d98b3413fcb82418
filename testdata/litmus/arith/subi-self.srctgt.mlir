// x - x folds to 0.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32) -> i32 {
  %0 = arith.subi %x, %x : i32
  return %0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  %0 = arith.constant 0 : i32
  return %0 : i32
}
