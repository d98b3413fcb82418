// affine.apply lowers '*' to arith.muli overflow<nsw>: an overflowing product is poison
// (not UB), and x * 2 equals the wrapping x + x wherever the product is not poison.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 * 2)>(%x)
  return %0 : index
}

func.func @tgt(%x: index) -> index {
  %0 = arith.addi %x, %x : index
  return %0 : index
}
