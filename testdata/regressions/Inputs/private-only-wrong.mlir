// The private function of private-only.mlir, rewritten wrongly (it adds 1).
func.func private @helper(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %y = arith.addi %x, %c1 : i32
  return %y : i32
}
