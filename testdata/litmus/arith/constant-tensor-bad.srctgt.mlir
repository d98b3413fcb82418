// One wrong element in a folded dense constant.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Differing output: result #0 at [2]
// CHECK: Source value: 30
// CHECK: Target value: 31
// CHECK: verdict: incorrect

func.func @src() -> tensor<4xi32> {
  %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %b = arith.constant dense<10> : tensor<4xi32>
  %0 = arith.muli %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

func.func @tgt() -> tensor<4xi32> {
  %0 = arith.constant dense<[10, 20, 31, 40]> : tensor<4xi32>
  return %0 : tensor<4xi32>
}
