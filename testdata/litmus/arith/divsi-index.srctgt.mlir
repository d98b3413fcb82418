// index division by a positive constant of a non-negative (masked) value equals floordiv.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: index) -> index {
  %c3 = arith.constant 3 : index
  %k = arith.constant 65535 : index
  %0 = arith.andi %x, %k : index
  %1 = arith.divsi %0, %c3 : index
  return %1 : index
}

func.func @tgt(%x: index) -> index {
  %c3 = arith.constant 3 : index
  %k = arith.constant 65535 : index
  %0 = arith.andi %x, %k : index
  %1 = arith.floordivsi %0, %c3 : index
  return %1 : index
}
