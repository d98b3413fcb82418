// udiv = 0 has no meaning IREE defines (no value is a multiple of 0 but 0 itself, and IREE's
// divisibility analysis does not say which it takes): unsupported, never a guess.
// RUN: %exit-code irverify check %s --no-confirm | filecheck %s
// CHECK: unsupported: util.assume.int assumption 'udiv = 0'
// CHECK: exit: 3

func.func @src(%x: i8) -> i8 {
  %a = util.assume.int %x<udiv = 0> : i8
  return %a : i8
}

func.func @tgt(%x: i8) -> i8 {
  return %x : i8
}
