// The output of iree-input-conversion-demote-i64-to-i32 on demote_i64.mlir (iree-base-compiler
// 3.13), then broken by hand: the constant 3 of @scale became 4. The contract refutes it.
module {
  func.func @scale(%arg0: i32, %arg1: tensor<4xi32>) -> (i32, tensor<4xi32>) {
    %c3_i32 = arith.constant 4 : i32
    %0 = arith.muli %arg0, %c3_i32 : i32
    %1 = tensor.empty() : tensor<4xi32>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg1 : tensor<4xi32>) outs(%1 : tensor<4xi32>) {
    ^bb0(%in: i32, %out: i32):
      %3 = arith.addi %in, %0 : i32
      linalg.yield %3 : i32
    } -> tensor<4xi32>
    return %0, %2 : i32, tensor<4xi32>
  }
  func.func @shift_add(%arg0: i32, %arg1: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.shli %arg0, %c1_i32 : i32
    %1 = arith.addi %0, %arg1 : i32
    return %1 : i32
  }
}
