// An op irverify does not model but knows to be free of side effects (linalg.pack) is an
// uninterpreted function of its operands and attributes: moving it past unrelated work, and
// computing it once instead of twice, is correct whatever it computes.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%x: tensor<?x16xf32>, %y: tensor<?x16xf32>) -> (tensor<?x16x8x1xf32>, tensor<?x16x8x1xf32>, tensor<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %d = tensor.dim %x, %c0 : tensor<?x16xf32>
  %n = affine.apply affine_map<()[s0] -> (s0 ceildiv 8)>()[%d]
  %e = tensor.empty(%n) : tensor<?x16x8x1xf32>
  %p = linalg.pack %x padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %e : tensor<?x16xf32> -> tensor<?x16x8x1xf32>
  %q = linalg.pack %x padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %e : tensor<?x16xf32> -> tensor<?x16x8x1xf32>
  %s = arith.addf %x, %y : tensor<?x16xf32>
  return %p, %q, %s : tensor<?x16x8x1xf32>, tensor<?x16x8x1xf32>, tensor<?x16xf32>
}

func.func @tgt(%x: tensor<?x16xf32>, %y: tensor<?x16xf32>) -> (tensor<?x16x8x1xf32>, tensor<?x16x8x1xf32>, tensor<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %s = arith.addf %x, %y : tensor<?x16xf32>
  %d = tensor.dim %x, %c0 : tensor<?x16xf32>
  %n = affine.apply affine_map<()[s0] -> (s0 ceildiv 8)>()[%d]
  %e = tensor.empty(%n) : tensor<?x16x8x1xf32>
  %p = linalg.pack %x padding_value(%cst : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %e : tensor<?x16xf32> -> tensor<?x16x8x1xf32>
  return %p, %p, %s : tensor<?x16x8x1xf32>, tensor<?x16x8x1xf32>, tensor<?x16xf32>
}
