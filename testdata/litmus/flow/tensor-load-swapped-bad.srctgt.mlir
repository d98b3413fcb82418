// Swapping the indices of a flow.tensor.load reads another element.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: incorrect

func.func @src(%t: tensor<4x4xi32>, %i: index, %j: index) -> i32 {
  %v = tensor.extract %t[%i, %j] : tensor<4x4xi32>
  return %v : i32
}

func.func @tgt(%t: tensor<4x4xi32>, %i: index, %j: index) -> i32 {
  %v = flow.tensor.load %t[%j, %i] : tensor<4x4xi32>
  return %v : i32
}
