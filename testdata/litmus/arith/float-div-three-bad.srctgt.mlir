// x / 3.0 is not x * (1/3): 1/3 is not representable, so the products round differently.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: verdict: incorrect

func.func @src(%x: f16) -> f16 {
  %c = arith.constant 3.0 : f16
  %0 = arith.divf %x, %c : f16
  return %0 : f16
}

func.func @tgt(%x: f16) -> f16 {
  %c = arith.constant 0.3333 : f16
  %0 = arith.mulf %x, %c : f16
  return %0 : f16
}
