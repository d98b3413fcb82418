// fptoui(-0.5) rounds toward zero to 0, which fits: it is 0, not poison, so 1 does not
// refine it. fptoui(-1.0) is poison.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Differing output: result #0
// CHECK: Source value: 0
// CHECK: Target value: 1
// CHECK: verdict: incorrect

func.func @src() -> (i8, i8) {
  %h = arith.constant -0.5 : f32
  %m = arith.constant -1.0 : f32
  %0 = arith.fptoui %h : f32 to i8
  %1 = arith.fptoui %m : f32 to i8
  return %0, %1 : i8, i8
}

func.func @tgt() -> (i8, i8) {
  %c1 = arith.constant 1 : i8
  return %c1, %c1 : i8, i8
}
