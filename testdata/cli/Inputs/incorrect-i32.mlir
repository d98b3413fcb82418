func.func @src(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.shrsi %x, %c1 : i32
  return %0 : i32
}
func.func @tgt(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.shrui %x, %c1 : i32
  return %0 : i32
}
