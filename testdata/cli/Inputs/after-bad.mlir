func.func @scale(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.shli %x, %c2 : i32
  return %0 : i32
}
func.func @mask(%x: i32) -> i32 {
  %c15 = arith.constant 15 : i32
  %0 = arith.ori %x, %c15 : i32
  return %0 : i32
}
