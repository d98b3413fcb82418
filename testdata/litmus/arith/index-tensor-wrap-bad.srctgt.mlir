// `x < x + 1` on the 64-bit elements of an index tensor is false at INT64_MAX (the sum
// wraps): folding it to true is wrong, and the counterexample holds a 64-bit element.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: ERROR: value mismatch
// CHECK: Example:
// CHECK: %x : tensor<2xindex> = [{{.*}}9223372036854775807
// CHECK-NEXT: hex: [{{.*}}0x7fffffffffffffff
// CHECK: Source value: 0 (0x0)
// CHECK: Target value: 1 (0x1)
// CHECK: verdict: incorrect

func.func @src(%x: tensor<2xindex>) -> tensor<2xi1> {
  %c1 = arith.constant dense<1> : tensor<2xindex>
  %y = arith.addi %x, %c1 : tensor<2xindex>
  %0 = arith.cmpi slt, %x, %y : tensor<2xindex>
  return %0 : tensor<2xi1>
}

func.func @tgt(%x: tensor<2xindex>) -> tensor<2xi1> {
  %t = arith.constant dense<true> : tensor<2xi1>
  return %t : tensor<2xi1>
}
