// util.align by a power of two is what IREE lowers it to (ConvertUtilToVM):
// (x + (a - 1)) & ~(a - 1), wrapping in the operand's width, for every x.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32) -> i32 {
  %c16 = arith.constant 16 : i32
  %0 = util.align %x, %c16 : i32
  return %0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  %c15 = arith.constant 15 : i32
  %cm16 = arith.constant -16 : i32
  %0 = arith.addi %x, %c15 : i32
  %1 = arith.andi %0, %cm16 : i32
  return %1 : i32
}
