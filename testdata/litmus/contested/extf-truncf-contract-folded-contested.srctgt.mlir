// extf-truncf-contract-folded-contested-bad under the other reading: with
// --contract-conversions=elide (the pair is x, as the folder makes it) the fold is correct.
// RUN: irverify check %s --no-confirm --contract-conversions=elide | filecheck %s
// CHECK: @src: correct
// CHECK: assumption: --contract-conversions=elide: {{.*}} (under --contract-conversions=round: incorrect)
// CHECK: verdict: correct
func.func @src(%x: f32) -> f32 {
  %t = arith.truncf %x fastmath<contract> : f32 to bf16
  %e = arith.extf %t fastmath<contract> : bf16 to f32
  return %e : f32
}
func.func @tgt(%x: f32) -> f32 {
  return %x : f32
}
