// trunci(extsi x) == x.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i8) -> i8 {
  return %x : i8
}

func.func @tgt(%x: i8) -> i8 {
  %0 = arith.extsi %x : i8 to i32
  %1 = arith.trunci %0 : i32 to i8
  return %1 : i8
}
