// Under the abstract float model a float counterexample is never reported as incorrect.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: unknown
// CHECK: counterexample only under the abstract float model; retry with --fp=real or --fp=ieee
// CHECK: verdict: unknown

func.func @src(%x: f32, %y: f32) -> f32 {
  %0 = arith.addf %x, %y : f32
  return %0 : f32
}

func.func @tgt(%x: f32, %y: f32) -> f32 {
  %0 = arith.subf %x, %y : f32
  return %0 : f32
}
