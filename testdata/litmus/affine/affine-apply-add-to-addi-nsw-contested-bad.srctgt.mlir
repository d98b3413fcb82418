// IREE's propagate-constant-offsets turns an affine addition into 'arith.addi ... overflow<nsw>'.
// That is wrong if affine arithmetic wraps (the default reading, as lower-affine expands it) and
// right if it never overflows (--affine-overflow=poison, affine-apply-add-to-addi-nsw-contested):
// the verdict names the reading it rests on.
// RUN: not irverify check %s --no-confirm | filecheck %s
// CHECK: @src: incorrect
// CHECK: assumption: --affine-overflow=wrap: {{.*}} (under --affine-overflow=poison: correct)
// CHECK: verdict: incorrect
func.func @src(%x: index) -> index {
  %r = affine.apply affine_map<()[s0] -> (s0 + 4)>()[%x]
  return %r : index
}
func.func @tgt(%x: index) -> index {
  %c4 = arith.constant 4 : index
  %r = arith.addi %x, %c4 overflow<nsw> : index
  return %r : index
}
