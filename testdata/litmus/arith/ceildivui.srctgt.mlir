// ceildivui x, 4 == (x + 3) / 4 when x + 3 does not wrap: with x zero-extended from i8.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%a: i8) -> i32 {
  %x = arith.extui %a : i8 to i32
  %c4 = arith.constant 4 : i32
  %0 = arith.ceildivui %x, %c4 : i32
  return %0 : i32
}

func.func @tgt(%a: i8) -> i32 {
  %x = arith.extui %a : i8 to i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %s = arith.addi %x, %c3 : i32
  %0 = arith.divui %s, %c4 : i32
  return %0 : i32
}
