// minui on index is commutative (regression: when index arguments were unbounded integers,
// -1 and 2^64-1 were distinct inputs with the same 64-bit pattern and minui picked different ones).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: index, %y: index) -> index {
  %0 = arith.minui %x, %y : index
  return %0 : index
}

func.func @tgt(%x: index, %y: index) -> index {
  %0 = arith.minui %y, %x : index
  return %0 : index
}
