// x / 1 == x.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.divsi %x, %c1 : i32
  return %0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  return %x : i32
}
