// A signalling NaN constant keeps its bits (0x7F800001); a target returning the quieted
// pattern 0x7FC00001 differs.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: 2139095041
// CHECK-NEXT: Target value: 2143289345
// CHECK: verdict: incorrect

func.func @src() -> i32 {
  %c = arith.constant 0x7F800001 : f32
  %b = arith.bitcast %c : f32 to i32
  return %b : i32
}

func.func @tgt() -> i32 {
  %c = arith.constant 2143289345 : i32
  return %c : i32
}
