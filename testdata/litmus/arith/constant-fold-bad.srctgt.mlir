// A wrong constant fold: 100 + 100 in i8 is -56, not 200 truncated wrongly to 127.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Source value: -56
// CHECK: Target value: 127
// CHECK: verdict: incorrect

func.func @src() -> i8 {
  %a = arith.constant 100 : i8
  %0 = arith.addi %a, %a : i8
  return %0 : i8
}

func.func @tgt() -> i8 {
  %0 = arith.constant 127 : i8
  return %0 : i8
}
