// Extracting exactly the slice just inserted gives the inserted tensor back (dynamic offset).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%d: tensor<?x8xi32>, %s: tensor<2x3xi32>, %i: index) -> tensor<2x3xi32> {
  %0 = tensor.insert_slice %s into %d[%i, 4] [2, 3] [1, 1] : tensor<2x3xi32> into tensor<?x8xi32>
  %1 = tensor.extract_slice %0[%i, 4] [2, 3] [1, 1] : tensor<?x8xi32> to tensor<2x3xi32>
  return %1 : tensor<2x3xi32>
}
func.func @tgt(%d: tensor<?x8xi32>, %s: tensor<2x3xi32>, %i: index) -> tensor<2x3xi32> {
  return %s : tensor<2x3xi32>
}
