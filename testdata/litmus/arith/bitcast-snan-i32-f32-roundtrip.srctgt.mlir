// arith.bitcast of an integer to a float keeps its bits: a signalling NaN pattern (0x7F800001)
// made by a bitcast comes back unchanged (not quieted to 0x7FC00001).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src() -> i32 {
  %c = arith.constant 2139095041 : i32
  %f = arith.bitcast %c : i32 to f32
  %b = arith.bitcast %f : f32 to i32
  return %b : i32
}

func.func @tgt() -> i32 {
  %c = arith.constant 2139095041 : i32
  return %c : i32
}
