// The first three cases of IREE's Preprocessing/Common/test/pad_linalg_ops.mlir (IREE test
// suite, Apache-2.0 WITH LLVM-exception), inputs unchanged, CHECK lines left out.
//
// iree-preprocessing-pad-linalg-ops pads a matmul's operands with +0.0 to multiples of 4
// (M, N) and 4 (K). Padding the reduction dimension K adds terms +0.0 * +0.0 = +0.0 to every
// sum, and a float sum is -0.0 only when every term is -0.0 (IEEE 754-2019 §6.3): with lhs
// all -0.0, rhs all +0.0 (each product -0.0) and init all -0.0, every element is -0.0 before
// the pass and +0.0 after it. The integer case is exact.

func.func @matmul_f32_11x13x17(%lhs: tensor<11x17xf32>, %rhs: tensor<17x13xf32>, %init: tensor<11x13xf32>) -> tensor<11x13xf32> {
    %result = linalg.matmul ins(%lhs, %rhs : tensor<11x17xf32>, tensor<17x13xf32>) outs(%init : tensor<11x13xf32>) -> tensor<11x13xf32>
    return %result : tensor<11x13xf32>
}

// -----

func.func @matmul_f32_12x12x17(%lhs: tensor<12x17xf32>, %rhs: tensor<17x12xf32>, %init: tensor<12x12xf32>) -> tensor<12x12xf32> {
    %result = linalg.matmul ins(%lhs, %rhs : tensor<12x17xf32>, tensor<17x12xf32>) outs(%init : tensor<12x12xf32>) -> tensor<12x12xf32>
    return %result : tensor<12x12xf32>
}

// -----

func.func @matmul_i8_i8_i32_2x2x4(%lhs: tensor<2x4xi8>, %rhs: tensor<4x2xi8>, %dst: tensor<2x2xi32>) -> tensor<2x2xi32> {
    %result = linalg.matmul ins(%lhs, %rhs : tensor<2x4xi8>, tensor<4x2xi8>) outs(%dst: tensor<2x2xi32>) -> tensor<2x2xi32>
    return %result : tensor<2x2xi32>
}
