// The converse of extract-of-extract-dynamic: splitting one slice into two adds the bounds
// of the intermediate slice (10 elements at stride s1), which the source does not have.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: target has undefined behaviour where the source is defined
// CHECK: verdict: incorrect

func.func @src(%x: tensor<?xi32>, %o1: index, %s1: index, %o2: index, %s2: index) -> tensor<4xi32> {
  %m = arith.muli %o2, %s1 : index
  %o = arith.addi %o1, %m : index
  %s = arith.muli %s1, %s2 : index
  %1 = tensor.extract_slice %x[%o] [4] [%s] : tensor<?xi32> to tensor<4xi32>
  return %1 : tensor<4xi32>
}

func.func @tgt(%x: tensor<?xi32>, %o1: index, %s1: index, %o2: index, %s2: index) -> tensor<4xi32> {
  %0 = tensor.extract_slice %x[%o1] [10] [%s1] : tensor<?xi32> to tensor<10xi32>
  %1 = tensor.extract_slice %0[%o2] [4] [%s2] : tensor<10xi32> to tensor<4xi32>
  return %1 : tensor<4xi32>
}
