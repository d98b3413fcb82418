// @helper specialised to the only in-module call (%y = 3): wrong for outside callers.
func.func @helper(%x: i32, %y: i32) -> i32 {
  %c = arith.constant 3 : i32
  %r = arith.addi %x, %c : i32
  return %r : i32
}

func.func @main(%x: i32) -> i32 {
  %c = arith.constant 3 : i32
  %r = func.call @helper(%x, %c) : (i32, i32) -> i32
  return %r : i32
}
