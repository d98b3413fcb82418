// x <s y == y >s x.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32, %y: i32) -> i1 {
  %0 = arith.cmpi slt, %x, %y : i32
  return %0 : i1
}

func.func @tgt(%x: i32, %y: i32) -> i1 {
  %0 = arith.cmpi sgt, %y, %x : i32
  return %0 : i1
}
