// select(c, x, x) == x.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%c: i1, %x: i32) -> i32 {
  %0 = arith.select %c, %x, %x : i32
  return %0 : i32
}

func.func @tgt(%c: i1, %x: i32) -> i32 {
  return %x : i32
}
