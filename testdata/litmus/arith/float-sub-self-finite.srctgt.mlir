// x - x is +0.0 for finite x and NaN otherwise (inf - inf is invalid, NaN propagates).
// RUN: irverify check %s --no-confirm --fp=abstract | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: f32) -> f32 {
  %0 = arith.subf %x, %x : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c1 = arith.cmpf one, %x, %inf : f32
  %c2 = arith.cmpf one, %x, %ninf : f32
  %finite = arith.andi %c1, %c2 : i1
  %r = arith.select %finite, %z, %nan : f32
  return %r : f32
}
