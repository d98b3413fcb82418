// affine-apply-add-to-addi-nsw-contested-bad under the other reading: if affine arithmetic never
// overflows (--affine-overflow=poison), 'arith.addi ... overflow<nsw>' refines the affine
// addition; the verdict names the reading it rests on.
// RUN: irverify check %s --no-confirm --affine-overflow=poison | filecheck %s
// CHECK: @src: correct
// CHECK: assumption: --affine-overflow=poison: {{.*}} (under --affine-overflow=wrap: incorrect)
// CHECK: verdict: correct
func.func @src(%x: index) -> index {
  %r = affine.apply affine_map<()[s0] -> (s0 + 4)>()[%x]
  return %r : index
}
func.func @tgt(%x: index) -> index {
  %c4 = arith.constant 4 : index
  %r = arith.addi %x, %c4 overflow<nsw> : index
  return %r : index
}
