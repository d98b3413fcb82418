// udiv = 256 on an i8 holds only for 0 (the only value of 0..255 that 256 divides), not for
// no value: the source is defined at %x = 0 and undefined elsewhere, so returning 0 is correct.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: source_ub: {{.*}}util.assume.int: no permutation of its assumptions holds
// CHECK: verdict: correct

func.func @src(%x: i8) -> i8 {
  %a = util.assume.int %x<udiv = 256> : i8
  return %a : i8
}

func.func @tgt(%x: i8) -> i8 {
  %c0 = arith.constant 0 : i8
  return %c0 : i8
}
