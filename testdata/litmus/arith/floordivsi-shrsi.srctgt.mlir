// floordiv by 2 is an arithmetic shift right by 1.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.floordivsi %x, %c2 : i32
  return %0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.shrsi %x, %c1 : i32
  return %0 : i32
}
