// @helper is private: only the calls in this module reach it.
func.func private @helper(%x: i32, %y: i32) -> i32 {
  %r = arith.addi %x, %y : i32
  return %r : i32
}

func.func @main(%x: i32) -> i32 {
  %c = arith.constant 3 : i32
  %r = func.call @helper(%x, %c) : (i32, i32) -> i32
  return %r : i32
}
