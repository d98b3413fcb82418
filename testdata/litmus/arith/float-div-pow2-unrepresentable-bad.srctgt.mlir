// Division by a power of two is multiplication by its reciprocal only when the reciprocal is
// representable: in f16, 2^-24 (0x0001) is the smallest subnormal and 2^24 overflows to inf,
// so x / 2^-24 (0 for x = 0) is not x * inf (NaN for x = 0).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%x: f16) -> f16 {
  %c = arith.constant 0x0001 : f16
  %0 = arith.divf %x, %c : f16
  return %0 : f16
}

func.func @tgt(%x: f16) -> f16 {
  %c = arith.constant 0x7C00 : f16
  %0 = arith.mulf %x, %c : f16
  return %0 : f16
}
