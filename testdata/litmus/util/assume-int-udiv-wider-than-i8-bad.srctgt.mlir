// udiv = 256 on an i8 holds for %x = 0 (it is not "no value"): the source is defined there and
// returns 0, the target returns 1.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: ERROR: value mismatch
// CHECK: %x : i8 = 0
// CHECK: verdict: incorrect

func.func @src(%x: i8) -> i8 {
  %a = util.assume.int %x<udiv = 256> : i8
  return %a : i8
}

func.func @tgt(%x: i8) -> i8 {
  %c1 = arith.constant 1 : i8
  return %c1 : i8
}
