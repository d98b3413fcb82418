// A fastmath flag changes what a math function may return: unsupported, named.
// RUN: not irverify check %s --no-confirm 2>&1 | filecheck %s
// CHECK: @src: unsupported
// CHECK-NEXT: unsupported: fastmath

func.func @src(%x: f32) -> f32 {
  %0 = math.exp %x fastmath<afn> : f32
  return %0 : f32
}

func.func @tgt(%x: f32) -> f32 {
  %dead = arith.constant 0 : i8  // the target differs: an unchanged one is correct without encoding
  %0 = math.exp %x fastmath<afn> : f32
  return %0 : f32
}
