// Composing two strided extract_slices with dynamic offsets and strides: offset
// o1 + o2 * s1 and stride s1 * s2 (wrapping index arithmetic is enough: wherever both source
// slices are in bounds, the composed coordinates are in range).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: tensor<?xi32>, %o1: index, %s1: index, %o2: index, %s2: index) -> tensor<4xi32> {
  %0 = tensor.extract_slice %x[%o1] [10] [%s1] : tensor<?xi32> to tensor<10xi32>
  %1 = tensor.extract_slice %0[%o2] [4] [%s2] : tensor<10xi32> to tensor<4xi32>
  return %1 : tensor<4xi32>
}

func.func @tgt(%x: tensor<?xi32>, %o1: index, %s1: index, %o2: index, %s2: index) -> tensor<4xi32> {
  %m = arith.muli %o2, %s1 : index
  %o = arith.addi %o1, %m : index
  %s = arith.muli %s1, %s2 : index
  %1 = tensor.extract_slice %x[%o] [4] [%s] : tensor<?xi32> to tensor<4xi32>
  return %1 : tensor<4xi32>
}
