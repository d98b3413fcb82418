func.func @src(%x: i32) -> i32 {
  %0 = math.absi %x : i32
  return %0 : i32
}
func.func @tgt(%x: i32) -> i32 {
  %0 = math.absi %x : i32
  return %0 : i32
}
