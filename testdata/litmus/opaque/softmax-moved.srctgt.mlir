// An op irverify does not model but knows to be free of side effects (linalg.softmax) is an
// uninterpreted function of its operands and attributes: moving it past unrelated work, and
// computing it once instead of twice, is correct whatever it computes.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: tensor<?x16xf32>, %y: tensor<?x16xf32>) -> (tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%d) : tensor<?x16xf32>
  %p = linalg.softmax dimension(1) ins(%x : tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  %q = linalg.softmax dimension(1) ins(%x : tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  %s = arith.addf %x, %y : tensor<?x16xf32>
  return %p, %q, %s : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>
}

func.func @tgt(%x: tensor<?x16xf32>, %y: tensor<?x16xf32>) -> (tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %s = arith.addf %x, %y : tensor<?x16xf32>
  %d = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%d) : tensor<?x16xf32>
  %p = linalg.softmax dimension(1) ins(%x : tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %p, %p, %s : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>
}
