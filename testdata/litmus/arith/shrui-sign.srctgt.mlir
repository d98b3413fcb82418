// x >>u 31 is the sign bit: extui(x < 0).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32) -> i32 {
  %c31 = arith.constant 31 : i32
  %0 = arith.shrui %x, %c31 : i32
  return %0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %n = arith.cmpi slt, %x, %c0 : i32
  %0 = arith.extui %n : i1 to i32
  return %0 : i32
}
