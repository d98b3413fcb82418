// Two nested extract_slices compose into one (offsets add, strides multiply); dynamic source.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%t: tensor<?x?xf32>, %i: index) -> tensor<2x3xf32> {
  %0 = tensor.extract_slice %t[%i, 1] [4, 8] [1, 1] : tensor<?x?xf32> to tensor<4x8xf32>
  %1 = tensor.extract_slice %0[1, 2] [2, 3] [2, 2] : tensor<4x8xf32> to tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
func.func @tgt(%t: tensor<?x?xf32>, %i: index) -> tensor<2x3xf32> {
  %c1 = arith.constant 1 : index
  %o = arith.addi %i, %c1 : index
  %0 = tensor.extract_slice %t[%o, 3] [2, 3] [2, 2] : tensor<?x?xf32> to tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
