// flow.tensor.load is tensor.extract at the flow level (the element at the indices; an index
// outside the tensor is UB on both sides).
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%t: tensor<3x?xi32>, %i: index, %j: index) -> i32 {
  %v = tensor.extract %t[%i, %j] : tensor<3x?xi32>
  return %v : i32
}

func.func @tgt(%t: tensor<3x?xi32>, %i: index, %j: index) -> i32 {
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c1 : tensor<3x?xi32>
  %v = flow.tensor.load %t[%i, %j] : tensor<3x?xi32>{%d}
  return %v : i32
}
