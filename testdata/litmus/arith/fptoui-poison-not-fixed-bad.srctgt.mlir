// fptoui of NaN, an infinity or a value out of range is poison, and poison times 0 is poison.
// RUN: not irverify check %s --no-confirm | filecheck %s
// RUN: not irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: 0
// CHECK: Target value: poison
// CHECK: verdict: incorrect

func.func @src(%x: f64) -> i8 {
  %c0 = arith.constant 0 : i8
  %b = arith.bitcast %x : f64 to i64
  %t = arith.trunci %b : i64 to i8
  %0 = arith.muli %t, %c0 : i8
  return %0 : i8
}

func.func @tgt(%x: f64) -> i8 {
  %a = arith.fptoui %x : f64 to i8
  %c0 = arith.constant 0 : i8
  %0 = arith.muli %a, %c0 : i8
  return %0 : i8
}
