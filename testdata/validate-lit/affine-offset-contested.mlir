// IREE's propagate-constant-offsets turns an affine addition into 'arith.addi ... overflow<nsw>':
// incorrect when affine arithmetic wraps (irverify's default reading, as lower-affine expands
// '+'), correct when it never overflows (--affine-overflow=poison). validate-lit counts the
// case apart from plain incorrect cases.
// RUN: iree-opt --pass-pipeline="builtin.module(func.func(iree-codegen-propagate-constant-offsets))" %s | FileCheck %s
func.func @offset(%x: index) -> index {
  %r = affine.apply affine_map<()[s0] -> (s0 + 4)>()[%x]
  return %r : index
}
