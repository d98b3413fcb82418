// Bounds wider than an i16 operand: umin = 65535 holds only for 0xffff, umax = 70000 holds for
// every value, udiv = 65536 only for 0: a permutation holds only for %x = 0xffff (first row) or
// %x = 0 (second row), and the target returns %x there.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%x: i16, %y: i16) -> (i16, i16) {
  %a:2 = util.assume.int %x[<umin = 65535, umax = 70000>, <udiv = 65536>],
                         %y[<umax = 70000>, <umax = 70000>] : i16, i16
  return %a#0, %a#1 : i16, i16
}

func.func @tgt(%x: i16, %y: i16) -> (i16, i16) {
  %c0 = arith.constant 0 : i16
  %c1 = arith.constant 1 : i16
  %ones = arith.constant -1 : i16
  %is0 = arith.cmpi eq, %x, %c0 : i16
  %r = arith.select %is0, %c0, %ones : i16
  return %r, %y : i16, i16
}
