// A dense constant equals its splat-free elementwise construction.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src() -> tensor<4xi32> {
  %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %b = arith.constant dense<10> : tensor<4xi32>
  %0 = arith.muli %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

func.func @tgt() -> tensor<4xi32> {
  %0 = arith.constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  return %0 : tensor<4xi32>
}
