// De Morgan: ~(x & y) == ~x | ~y.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32, %y: i32) -> i32 {
  %m = arith.constant -1 : i32
  %0 = arith.andi %x, %y : i32
  %1 = arith.xori %0, %m : i32
  return %1 : i32
}

func.func @tgt(%x: i32, %y: i32) -> i32 {
  %m = arith.constant -1 : i32
  %0 = arith.xori %x, %m : i32
  %1 = arith.xori %y, %m : i32
  %2 = arith.ori %0, %1 : i32
  return %2 : i32
}
