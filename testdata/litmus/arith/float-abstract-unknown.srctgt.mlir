// Under the abstract float model alone (--fp=abstract: no escalation to exact IEEE floats) a
// counterexample that rests on uninterpreted arithmetic is never reported as incorrect.
// x * 3 = (x + x) + x holds in IEEE (x + x is exact), but not in the abstraction; the
// concrete re-evaluation finds no difference either.
// RUN: not irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: unknown
// CHECK: counterexample only under the abstract float model; retry with --fp=real or --fp=ieee
// CHECK: verdict: unknown

func.func @src(%x: f32) -> f32 {
  %c = arith.constant 3.0 : f32
  %0 = arith.mulf %x, %c : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  %0 = arith.addf %x, %x : f32
  %1 = arith.addf %0, %x : f32
  return %1 : f32
}
