func.func @scale(%x: i32) -> i32 {
  %c4 = arith.constant 4 : i32
  %0 = arith.muli %x, %c4 : i32
  return %0 : i32
}
func.func @mask(%x: i32) -> i32 {
  %c16 = arith.constant 16 : i32
  %0 = arith.remui %x, %c16 : i32
  return %0 : i32
}
