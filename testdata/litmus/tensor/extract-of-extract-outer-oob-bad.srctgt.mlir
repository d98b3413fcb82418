// Splitting one strided extract_slice (offset 5, stride 6) into two (offset 1 stride 2, then
// offset 2 stride 3) reads the same elements, but the outer slice of the split form reaches
// element 15: for 12 <= dim < 16 the target is out of bounds (UB) where the source is not.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: target has undefined behaviour where the source is defined
// CHECK: Target UB: {{.*}}tensor.extract_slice: slice out of bounds in dim 0
// CHECK: verdict: incorrect

func.func @src(%x: tensor<?xf32>) -> tensor<2xf32> {
  %0 = tensor.extract_slice %x[5] [2] [6] : tensor<?xf32> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @tgt(%x: tensor<?xf32>) -> tensor<2xf32> {
  %0 = tensor.extract_slice %x[1] [8] [2] : tensor<?xf32> to tensor<8xf32>
  %1 = tensor.extract_slice %0[2] [2] [3] : tensor<8xf32> to tensor<2xf32>
  return %1 : tensor<2xf32>
}
