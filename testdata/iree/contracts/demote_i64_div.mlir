// Input of iree-input-conversion-demote-i64-to-i32 whose demotion the demote-i64-to-i32
// contract refutes: an i32 division overflows (UB) on -2^31 / -1, where the i64 one does not.
func.func @quotient(%x: i64, %y: i64) -> i64 {
  %0 = arith.divsi %x, %y : i64
  return %0 : i64
}
