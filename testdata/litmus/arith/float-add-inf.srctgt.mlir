// IEEE §6.1: x + inf is inf, except NaN for x = -inf (invalid) and for x NaN.
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32) -> f32 {
  %inf = arith.constant 0x7F800000 : f32
  %0 = arith.addf %x, %inf : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  %nan = arith.constant 0xFFC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c = arith.cmpf ueq, %x, %ninf : f32
  %r = arith.select %c, %nan, %inf : f32
  return %r : f32
}
