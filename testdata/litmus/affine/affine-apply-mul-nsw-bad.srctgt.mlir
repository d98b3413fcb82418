// The reverse is wrong: x + x wraps where affine's x * 2 is poison, but affine's product is
// poison where the wrapping sum is defined.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: Target value: poison
// CHECK: verdict: incorrect

func.func @src(%x: index) -> index {
  %0 = arith.addi %x, %x : index
  return %0 : index
}

func.func @tgt(%x: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 * 2)>(%x)
  return %0 : index
}
