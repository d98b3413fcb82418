// fptosi of NaN, an infinity or a value out of range is poison (ArithOps.td, LLVM LangRef),
// not some fixed integer: fptosi(x) - fptosi(x) is poison for x = NaN, so it does not
// refine a 0 that is defined wherever x is.
// RUN: not irverify check %s --no-confirm | filecheck %s
// RUN: not irverify check %s --no-confirm --fp=ieee | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Source value: 0
// CHECK: Target value: poison
// CHECK: verdict: incorrect

func.func @src(%x: f32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.bitcast %x : f32 to i32
  %0 = arith.muli %b, %c0 : i32
  return %0 : i32
}

func.func @tgt(%x: f32) -> i32 {
  %a = arith.fptosi %x : f32 to i32
  %b = arith.fptosi %x : f32 to i32
  %0 = arith.subi %a, %b : i32
  return %0 : i32
}
