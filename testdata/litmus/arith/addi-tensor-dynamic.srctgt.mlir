// Elementwise addi on tensor<?xi32> is commutative for every length.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: tensor<?xi32>, %y: tensor<?xi32>) -> tensor<?xi32> {
  %0 = arith.addi %x, %y : tensor<?xi32>
  return %0 : tensor<?xi32>
}

func.func @tgt(%x: tensor<?xi32>, %y: tensor<?xi32>) -> tensor<?xi32> {
  %0 = arith.addi %y, %x : tensor<?xi32>
  return %0 : tensor<?xi32>
}
