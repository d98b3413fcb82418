func.func @src(%x: f32, %y: f32) -> f32 {
  %0 = arith.mulf %x, %y : f32
  return %0 : f32
}
func.func @tgt(%x: f32, %y: f32) -> f32 {
  %0 = arith.divf %x, %y : f32
  return %0 : f32
}
