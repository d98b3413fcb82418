// A shift by the bit width is poison in the source: any value refines it.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %0 = arith.shrui %x, %c32 : i32
  return %0 : i32
}

func.func @tgt(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}
