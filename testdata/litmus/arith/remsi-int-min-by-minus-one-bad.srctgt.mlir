// arith.remsi of INT_MIN by -1 is undefined (it lowers to llvm.srem, which overflows there and
// traps on x86), so introducing it where the source is defined is wrong. The divisor y | 1 is
// never zero, so only the overflow can be the target's UB.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: target has undefined behaviour where the source is defined
// CHECK: %x : i8 = -128 (0x80)
// CHECK: Target UB: {{.*}}arith.remsi: signed division overflow
// CHECK: verdict: incorrect

func.func @src(%x: i8, %y: i8) -> i8 {
  return %x : i8
}

func.func @tgt(%x: i8, %y: i8) -> i8 {
  %c1 = arith.constant 1 : i8
  %d = arith.ori %y, %c1 : i8
  %r = arith.remsi %x, %d : i8
  return %x : i8
}
