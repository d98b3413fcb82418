// select(!c, y, x) == select(c, x, y).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%c: i1, %x: i32, %y: i32) -> i32 {
  %0 = arith.select %c, %x, %y : i32
  return %0 : i32
}

func.func @tgt(%c: i1, %x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %0 = arith.select %n, %y, %x : i32
  return %0 : i32
}
