// util.func and util.call (IREE's function ops) read like func.func and func.call: inlining a
// private callee is correct.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

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
  %0 = arith.muli %a, %a : i32
  %1 = arith.addi %0, %b : i32
  util.return %1 : i32
}
