func.func @scale2(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.shli %x, %c2 : i32
  return %0 : i32
}
