// An op irverify does not model but knows to be free of side effects (tensor.bitcast) is an
// uninterpreted function of its operands and attributes: moving it past unrelated work, and
// computing it once instead of twice, is correct whatever it computes.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: tensor<?x16xf32>, %y: tensor<?x16xf32>) -> (tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xf32>) {
  %p = tensor.bitcast %x : tensor<?x16xf32> to tensor<?x16xi32>
  %q = tensor.bitcast %x : tensor<?x16xf32> to tensor<?x16xi32>
  %s = arith.addf %x, %y : tensor<?x16xf32>
  return %p, %q, %s : tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xf32>
}

func.func @tgt(%x: tensor<?x16xf32>, %y: tensor<?x16xf32>) -> (tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xf32>) {
  %s = arith.addf %x, %y : tensor<?x16xf32>
  %p = tensor.bitcast %x : tensor<?x16xf32> to tensor<?x16xi32>
  return %p, %p, %s : tensor<?x16xi32>, tensor<?x16xi32>, tensor<?x16xf32>
}
