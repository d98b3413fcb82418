// index_castui zero-extends the 64-bit index to i128, index_cast sign-extends it: the high
// 64 bits differ for a negative index. (Tensors, so that IREE runs the i128 code in a dispatch.)
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Source value: 0
// CHECK-NEXT: Target value: -1
// CHECK: verdict: incorrect

func.func @src(%x: tensor<4xi64>) -> tensor<4xi64> {
  %i = arith.index_cast %x : tensor<4xi64> to tensor<4xindex>
  %w = arith.index_castui %i : tensor<4xindex> to tensor<4xi128>
  %c64 = arith.constant dense<64> : tensor<4xi128>
  %hi = arith.shrui %w, %c64 : tensor<4xi128>
  %r = arith.trunci %hi : tensor<4xi128> to tensor<4xi64>
  return %r : tensor<4xi64>
}

func.func @tgt(%x: tensor<4xi64>) -> tensor<4xi64> {
  %i = arith.index_cast %x : tensor<4xi64> to tensor<4xindex>
  %w = arith.index_cast %i : tensor<4xindex> to tensor<4xi128>
  %c64 = arith.constant dense<64> : tensor<4xi128>
  %hi = arith.shrui %w, %c64 : tensor<4xi128>
  %r = arith.trunci %hi : tensor<4xi128> to tensor<4xi64>
  return %r : tensor<4xi64>
}
