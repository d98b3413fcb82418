// tensor.dim of a tensor.pad result is low + dim + high. A result extent past 2^63 does not fit
// in index (the padded tensor cannot exist): that is UB of the pad, not a difference with the
// affine.apply that computes the same sum.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%t: tensor<?x?xf32>, %v: f32, %lo: index, %hi: index) -> index {
  %c0 = arith.constant 0 : index
  %p = tensor.pad %t low[%lo, 1] high[%hi, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %d = tensor.dim %p, %c0 : tensor<?x?xf32>
  return %d : index
}

func.func @tgt(%t: tensor<?x?xf32>, %v: f32, %lo: index, %hi: index) -> index {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>
  %d = affine.apply affine_map<(d0)[s0, s1] -> (d0 + s0 + s1)>(%d0)[%lo, %hi]
  return %d : index
}
