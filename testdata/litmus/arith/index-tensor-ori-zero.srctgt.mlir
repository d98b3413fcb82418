// The elements of an index tensor argument are 64-bit values, as a scalar index argument is:
// `ori` with zero works on the 64-bit pattern and gives every element back.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: tensor<?xindex>) -> tensor<?xindex> {
  return %x : tensor<?xindex>
}

func.func @tgt(%x: tensor<?xindex>) -> tensor<?xindex> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xindex>
  %z = tensor.splat %c0[%d] : tensor<?xindex>
  %0 = arith.ori %x, %z : tensor<?xindex>
  return %0 : tensor<?xindex>
}
