// An assumption's bounds are uint64 values compared with the operand's unsigned value in
// arbitrary precision: umax = 300 on an i8 holds for every value (it is not 300 mod 256 = 44),
// so the source is defined for %x > 44, where the target returns 0 instead of %x.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: ERROR: value mismatch
// CHECK: verdict: incorrect

func.func @src(%x: i8) -> i8 {
  %a = util.assume.int %x<umax = 300> : i8
  return %a : i8
}

func.func @tgt(%x: i8) -> i8 {
  %c44 = arith.constant 44 : i8
  %c0 = arith.constant 0 : i8
  %le = arith.cmpi ule, %x, %c44 : i8
  %r = arith.select %le, %x, %c0 : i8
  return %r : i8
}
