// A dead remsi introduced on a poison dividend: the dividend may be INT_MIN, so dividing it by
// -1 is undefined (as sdiv/srem in LLVM, which arith.remsi lowers to). Found by the
// differential fuzzer (seed 5000, program 1716), where irverify had said `correct`.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: target has undefined behaviour where the source is defined
// CHECK: %y : i16 = -1 (0xffff)
// CHECK: Target UB: {{.*}}arith.remsi: signed division overflow
// CHECK: verdict: incorrect

func.func @src(%x: i16, %y: i16) -> i16 {
  return %y : i16
}

func.func @tgt(%x: i16, %y: i16) -> i16 {
  %p = arith.shli %x, %y : i16
  %r = arith.remsi %p, %y : i16
  return %y : i16
}
