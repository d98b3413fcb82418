// IEEE: x + (-0.0) = x bit for bit for every x that is not NaN ((-0) + (-0) = -0,
// (+0) + (-0) = +0). The abstract float model knows it (no escalation).
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: bf16) -> bf16 {
  %z = arith.constant -0.0 : bf16
  %0 = arith.addf %z, %x : bf16
  return %0 : bf16
}

func.func @tgt(%x: bf16) -> bf16 {
  return %x : bf16
}
