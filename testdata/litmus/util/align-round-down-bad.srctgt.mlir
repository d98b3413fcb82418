// util.align rounds up, not down: x & ~(a - 1) differs wherever x is not a multiple of a.
// RUN: not irverify check %s | filecheck %s
// CHECK: @src: incorrect
// CHECK: confirmed: true (IREE
// CHECK: verdict: incorrect

func.func @src(%x: i64) -> i64 {
  %c8 = arith.constant 8 : i64
  %0 = util.align %x, %c8 : i64
  return %0 : i64
}

func.func @tgt(%x: i64) -> i64 {
  %cm8 = arith.constant -8 : i64
  %0 = arith.andi %x, %cm8 : i64
  return %0 : i64
}
