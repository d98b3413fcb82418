// A signalling NaN constant keeps its bits (0x7C01); a target returning the quieted
// pattern 0x7E01 differs.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: 31745
// CHECK-NEXT: Target value: 32257
// CHECK: verdict: incorrect

func.func @src() -> i16 {
  %c = arith.constant 0x7C01 : f16
  %b = arith.bitcast %c : f16 to i16
  return %b : i16
}

func.func @tgt() -> i16 {
  %c = arith.constant 32257 : i16
  return %c : i16
}
