// Two strided extract_slices compose into one, as tensor's merge-consecutive-insert-extract-slice
// patterns build it: offsets are off1 + off2 * stride1 and strides multiply (affine.apply for the
// dynamic offsets); one outer dim is dropped (rank-reducing).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%t: tensor<?x?x?xf32>, %i: index, %j: index) -> tensor<2x3xf32> {
  %0 = tensor.extract_slice %t[%i, 1, 2] [4, 1, 8] [2, 1, 3] : tensor<?x?x?xf32> to tensor<4x8xf32>
  %1 = tensor.extract_slice %0[1, %j] [2, 3] [2, 2] : tensor<4x8xf32> to tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
func.func @tgt(%t: tensor<?x?x?xf32>, %i: index, %j: index) -> tensor<2x3xf32> {
  %0 = affine.apply affine_map<()[s0] -> (s0 + 2)>()[%i]
  %1 = affine.apply affine_map<()[s0] -> (s0 * 3 + 2)>()[%j]
  %extracted_slice = tensor.extract_slice %t[%0, 1, %1] [2, 1, 3] [4, 1, 6] : tensor<?x?x?xf32> to tensor<2x3xf32>
  return %extracted_slice : tensor<2x3xf32>
}
