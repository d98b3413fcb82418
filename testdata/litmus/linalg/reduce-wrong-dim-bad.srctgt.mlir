// Summing a square matrix over dimension 0 instead of 1 (rows vs columns).
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK-NEXT: ERROR: value mismatch
// CHECK: verdict: incorrect

func.func @src(%a: tensor<3x3xi32>, %init: tensor<3xi32>) -> tensor<3xi32> {
  %0 = linalg.reduce ins(%a : tensor<3x3xi32>) outs(%init : tensor<3xi32>) dimensions = [1]
  (%x: i32, %acc: i32) {
    %s = arith.addi %x, %acc : i32
    linalg.yield %s : i32
  }
  return %0 : tensor<3xi32>
}
func.func @tgt(%a: tensor<3x3xi32>, %init: tensor<3xi32>) -> tensor<3xi32> {
  %0 = linalg.reduce ins(%a : tensor<3x3xi32>) outs(%init : tensor<3xi32>) dimensions = [0]
  (%x: i32, %acc: i32) {
    %s = arith.addi %x, %acc : i32
    linalg.yield %s : i32
  }
  return %0 : tensor<3xi32>
}
