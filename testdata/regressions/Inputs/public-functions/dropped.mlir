// @helper inlined into @main and deleted, although it is public.
func.func @main(%x: i32) -> i32 {
  %c = arith.constant 3 : i32
  %r = arith.addi %x, %c : i32
  return %r : i32
}
