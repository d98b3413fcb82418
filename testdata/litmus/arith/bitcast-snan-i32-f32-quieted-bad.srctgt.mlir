// A signalling NaN made by arith.bitcast is not quieted: the quieted pattern 0x7FC00001 differs.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: 2139095041
// CHECK-NEXT: Target value: 2143289345
// CHECK: verdict: incorrect

func.func @src(%x: i32) -> i32 {
  %c = arith.constant 2139095041 : i32
  %f = arith.bitcast %c : i32 to f32
  %b = arith.bitcast %f : f32 to i32
  return %b : i32
}

func.func @tgt(%x: i32) -> i32 {
  %c = arith.constant 2143289345 : i32
  return %c : i32
}
