// fptosi of a constant out of the range of i32 is poison, which any value refines (a
// folder may pick anything); fptosi of 2147483520.0 (the largest f32 below 2^31) is not.
// RUN: irverify check %s --no-confirm | filecheck %s
// RUN: irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src() -> (i32, i32, i32) {
  %big = arith.constant 2147483648.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %top = arith.constant 2147483520.0 : f32
  %0 = arith.fptosi %big : f32 to i32
  %1 = arith.fptosi %nan : f32 to i32
  %2 = arith.fptosi %top : f32 to i32
  return %0, %1, %2 : i32, i32, i32
}

func.func @tgt() -> (i32, i32, i32) {
  %c7 = arith.constant 7 : i32
  %top = arith.constant 2147483520 : i32
  return %c7, %c7, %top : i32, i32, i32
}
