// Found by tools/fuzz.py (MLIR arm): the elements of an index tensor argument were unbounded
// integers in the encoding (a scalar index argument was assumed to fit in 64 bits, a tensor's
// elements were not), so a round trip through i64 seemed to change values no input can have,
// and extracting that counterexample failed. Every index value fits in 64 bits: this is correct.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%x: tensor<2xindex>) -> tensor<2xindex> {
  return %x : tensor<2xindex>
}

func.func @tgt(%x: tensor<2xindex>) -> tensor<2xindex> {
  %0 = arith.index_cast %x : tensor<2xindex> to tensor<2xi64>
  %1 = arith.index_cast %0 : tensor<2xi64> to tensor<2xindex>
  return %1 : tensor<2xindex>
}
