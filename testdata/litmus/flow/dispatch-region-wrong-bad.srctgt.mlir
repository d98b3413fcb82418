// A dispatch region that computes something else is found, and IREE confirms it.
// RUN: not irverify check %s | filecheck %s
// CHECK: @src: incorrect
// CHECK: confirmed: true
// CHECK: verdict: incorrect

util.func public @src(%x: tensor<?x4xi32>, %y: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %0 = arith.muli %x, %y : tensor<?x4xi32>
  %1 = arith.addi %0, %x : tensor<?x4xi32>
  util.return %1 : tensor<?x4xi32>
}

util.func public @tgt(%x: tensor<?x4xi32>, %y: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x4xi32>
  %r = flow.dispatch.region -> (tensor<?x4xi32>{%d}) {
    %0 = arith.muli %x, %y : tensor<?x4xi32>
    %1 = arith.addi %0, %y : tensor<?x4xi32>
    flow.return %1 : tensor<?x4xi32>
  }
  util.return %r : tensor<?x4xi32>
}
