func.func @src(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i64
  return %0 : i32
}
