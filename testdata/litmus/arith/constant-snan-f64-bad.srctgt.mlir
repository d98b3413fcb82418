// A signalling NaN constant keeps its bits (0x7FF0000000000001); a target returning the quieted
// pattern 0x7FF8000000000001 differs.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: 9218868437227405313
// CHECK-NEXT: Target value: 9221120237041090561
// CHECK: verdict: incorrect

func.func @src() -> i64 {
  %c = arith.constant 0x7FF0000000000001 : f64
  %b = arith.bitcast %c : f64 to i64
  return %b : i64
}

func.func @tgt() -> i64 {
  %c = arith.constant 9221120237041090561 : i64
  return %c : i64
}
