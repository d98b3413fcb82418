// truncf of a constant rounds to nearest even: 1.00000006 (f64) is nearer to 1.0 than to the
// next f32 (1.00000012), so a target returning the latter is wrong. The fold is exact, so the
// counterexample needs no escalation.
// RUN: not irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: 1.0
// CHECK: verdict: incorrect

func.func @src() -> f32 {
  %a = arith.constant 1.00000005 : f64
  %t = arith.truncf %a : f64 to f32
  return %t : f32
}

func.func @tgt() -> f32 {
  %c = arith.constant 0x3F800001 : f32
  return %c : f32
}
