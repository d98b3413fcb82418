func.func @src(%h: f16, %b: bf16) -> bf16 {
  return %b : bf16
}
func.func @tgt(%h: f16, %b: bf16) -> bf16 {
  %cb = arith.constant 0.1 : bf16
  return %cb : bf16
}
