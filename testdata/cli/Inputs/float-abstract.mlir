func.func @src(%x: f32) -> f32 {
  %r = math.exp %x : f32
  return %r : f32
}
func.func @tgt(%x: f32) -> f32 {
  %c = arith.constant 0.0 : f32
  %e = math.exp %x : f32
  %r = arith.addf %e, %c : f32
  return %r : f32
}
