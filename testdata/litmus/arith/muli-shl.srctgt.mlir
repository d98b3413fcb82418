// x * 8 == x << 3 (wrap-around included).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: i16) -> i16 {
  %c8 = arith.constant 8 : i16
  %0 = arith.muli %x, %c8 : i16
  return %0 : i16
}

func.func @tgt(%x: i16) -> i16 {
  %c3 = arith.constant 3 : i16
  %0 = arith.shli %x, %c3 : i16
  return %0 : i16
}
