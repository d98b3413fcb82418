// Extracting at a poison index is UB in the source: any target refines it.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: tensor<4xi32>) -> i32 {
  %i = ub.poison : index
  %r = tensor.extract %x[%i] : tensor<4xi32>
  return %r : i32
}
func.func @tgt(%x: tensor<4xi32>) -> i32 {
  %r = arith.constant 7 : i32
  return %r : i32
}
