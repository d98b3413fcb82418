// flow.tensor.encode from A to B is the same (uninterpreted) encoding change as
// iree_encoding.set_encoding from A to B, with the declared extents.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

#enc = #iree_encoding.testing<>
func.func @src(%x: tensor<?x8xf32>) -> tensor<?x8xf32, #enc> {
  %0 = iree_encoding.set_encoding %x : tensor<?x8xf32> -> tensor<?x8xf32, #enc>
  return %0 : tensor<?x8xf32, #enc>
}

func.func @tgt(%x: tensor<?x8xf32>) -> tensor<?x8xf32, #enc> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x8xf32>
  %0 = flow.tensor.encode %x : tensor<?x8xf32>{%d} -> tensor<?x8xf32, #enc>{%d}
  return %0 : tensor<?x8xf32, #enc>
}
