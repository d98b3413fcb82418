// A signalling NaN constant keeps its exact bits (0x7F800001) through bitcast.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src() -> i32 {
  %c = arith.constant 0x7F800001 : f32
  %b = arith.bitcast %c : f32 to i32
  return %b : i32
}

func.func @tgt() -> i32 {
  %c = arith.constant 2139095041 : i32
  return %c : i32
}
