// x ^ x == 0.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i64) -> i64 {
  %0 = arith.xori %x, %x : i64
  return %0 : i64
}

func.func @tgt(%x: i64) -> i64 {
  %0 = arith.constant 0 : i64
  return %0 : i64
}
