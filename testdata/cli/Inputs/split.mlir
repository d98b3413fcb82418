func.func @src(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y : i32
  return %0 : i32
}
func.func @tgt(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %y, %x : i32
  return %0 : i32
}
// -----
func.func @src(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y : i32
  return %0 : i32
}
func.func @tgt(%x: i32, %y: i32) -> i32 {
  %0 = arith.subi %x, %y : i32
  return %0 : i32
}
// -----
func.func @src(%x: i32) -> i32 {
  %0 = math.absi %x : i32
  return %0 : i32
}
func.func @tgt(%x: i32) -> i32 {
  return %x : i32
}
// -----
func.func @src(%x: i32) -> i32 {
  %0 = arith.addi %x, : i32
  return %0 : i32
}
