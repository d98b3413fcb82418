// Lowering a signed division by 2 to an arithmetic shift right is wrong for negative odd
// dividends: -1 / 2 = 0 (division rounds toward zero), but -1 >> 1 = -1.
func.func @src(%n: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %q = arith.divsi %n, %c2 : i32
  return %q : i32
}
func.func @tgt(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %q = arith.shrsi %n, %c1 : i32
  return %q : i32
}
