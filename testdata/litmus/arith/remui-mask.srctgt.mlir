// x urem 8 == x & 7.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32) -> i32 {
  %c8 = arith.constant 8 : i32
  %0 = arith.remui %x, %c8 : i32
  return %0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  %c7 = arith.constant 7 : i32
  %0 = arith.andi %x, %c7 : i32
  return %0 : i32
}
