func.func @src(%x: f32, %y: f32) -> f32 {
  %0 = arith.addf %x, %y : f32
  return %0 : f32
}
func.func @tgt(%x: f32, %y: f32) -> f32 {
  %0 = arith.addf %y, %x fastmath<reassoc> : f32
  return %0 : f32
}
