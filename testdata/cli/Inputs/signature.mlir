func.func @src(%x: i32) -> i32 {
  return %x : i32
}
func.func @tgt(%x: i64) -> i32 {
  %0 = arith.trunci %x : i64 to i32
  return %0 : i32
}
