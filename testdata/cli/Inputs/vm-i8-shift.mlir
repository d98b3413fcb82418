func.func @src(%i: index) -> i8 {
  %x = arith.index_cast %i : index to i8
  %c1 = arith.constant 1 : i8
  %0 = arith.shrsi %x, %c1 : i8
  return %0 : i8
}
func.func @tgt(%i: index) -> i8 {
  %x = arith.index_cast %i : index to i8
  %c1 = arith.constant 1 : i8
  %0 = arith.shrui %x, %c1 : i8
  return %0 : i8
}
