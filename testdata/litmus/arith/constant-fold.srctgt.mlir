// Constant folding of 7 * 6 - 2 in i8 (wraps to 40).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src() -> i8 {
  %a = arith.constant 7 : i8
  %b = arith.constant 6 : i8
  %c = arith.constant 2 : i8
  %0 = arith.muli %a, %b : i8
  %1 = arith.subi %0, %c : i8
  return %1 : i8
}

func.func @tgt() -> i8 {
  %0 = arith.constant 40 : i8
  return %0 : i8
}
