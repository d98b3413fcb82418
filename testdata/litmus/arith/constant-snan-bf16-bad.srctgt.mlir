// A signalling NaN constant keeps its bits (0x7F81); a target returning the quieted
// pattern 0x7FC1 differs.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Source value: 32641
// CHECK-NEXT: Target value: 32705
// CHECK: verdict: incorrect

func.func @src() -> i16 {
  %c = arith.constant 0x7F81 : bf16
  %b = arith.bitcast %c : bf16 to i16
  return %b : i16
}

func.func @tgt() -> i16 {
  %c = arith.constant 32705 : i16
  return %c : i16
}
