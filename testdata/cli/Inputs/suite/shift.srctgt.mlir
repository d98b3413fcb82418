func.func @src(%x: i8) -> i8 {
  %c1 = arith.constant 1 : i8
  %0 = arith.shrsi %x, %c1 : i8
  return %0 : i8
}
func.func @tgt(%x: i8) -> i8 {
  %c1 = arith.constant 1 : i8
  %0 = arith.shrui %x, %c1 : i8
  return %0 : i8
}
