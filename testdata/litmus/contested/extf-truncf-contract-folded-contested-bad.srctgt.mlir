// MLIR's ExtFOp folder turns extf(truncf(x)) with fastmath<contract> on both back into x. By
// default irverify reads 'contract' on a conversion as the arith dialect documents the flag
// (fusion, not the removal of a rounding): the pair rounds x to bf16, so the fold changes the
// result; the verdict names the reading it rests on and what the other reading gives.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: assumption: --contract-conversions=round: {{.*}} (under --contract-conversions=elide: correct)
// CHECK: verdict: incorrect
func.func @src(%x: f32) -> f32 {
  %t = arith.truncf %x fastmath<contract> : f32 to bf16
  %e = arith.extf %t fastmath<contract> : bf16 to f32
  return %e : f32
}
func.func @tgt(%x: f32) -> f32 {
  return %x : f32
}
