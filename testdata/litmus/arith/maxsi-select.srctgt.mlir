// maxsi is select(x > y, x, y).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i32, %y: i32) -> i32 {
  %0 = arith.maxsi %x, %y : i32
  return %0 : i32
}

func.func @tgt(%x: i32, %y: i32) -> i32 {
  %c = arith.cmpi sgt, %x, %y : i32
  %0 = arith.select %c, %x, %y : i32
  return %0 : i32
}
