// Inlining a util.call with the operands swapped is found and confirmed on IREE.
// RUN: not irverify check %s | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: confirmed: true
// CHECK: verdict: incorrect

util.func private @square_plus(%x: i32, %y: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  %1 = arith.addi %0, %y : i32
  util.return %1 : i32
}

util.func public @src(%a: i32, %b: i32) -> i32 {
  %0 = util.call @square_plus(%a, %b) : (i32, i32) -> i32
  util.return %0 : i32
}

util.func public @tgt(%a: i32, %b: i32) -> i32 {
  %0 = arith.muli %b, %b : i32
  %1 = arith.addi %0, %a : i32
  util.return %1 : i32
}
