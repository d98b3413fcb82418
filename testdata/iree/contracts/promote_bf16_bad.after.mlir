// The output of iree-input-conversion-promote-bf16-to-f32 on promote_bf16.mlir (iree-base-compiler
// 3.13), then broken by hand: the operands of the arith.subf are swapped. The contract refutes it.
module {
  func.func @axpy(%arg0: f32, %arg1: tensor<4xf32>) -> (f32, tensor<4xf32>) {
    %cst = arith.constant 3.000000e+00 : f32
    %0 = arith.mulf %arg0, %cst : f32
    %1 = tensor.empty() : tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg1 : tensor<4xf32>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.subf %0, %in : f32
      linalg.yield %3 : f32
    } -> tensor<4xf32>
    return %0, %2 : f32, tensor<4xf32>
  }
}
