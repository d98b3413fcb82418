// A util.func result tied to an operand (an in-place update) is not modelled: unsupported,
// naming the attribute and the function.
// RUN: not irverify check %s --no-confirm 2>&1 | filecheck %s
// CHECK: unsupported:
// CHECK-SAME: tied_operands

util.func public @src(%a: tensor<4xi32>) -> %a {
  util.return %a : tensor<4xi32>
}

util.func public @tgt(%a: tensor<4xi32>) -> %a {
  util.return %a : tensor<4xi32>
}
