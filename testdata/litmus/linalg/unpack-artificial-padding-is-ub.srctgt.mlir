// linalg.unpack may drop less than one tile of padding: a packed source with more outer tiles than
// ceildiv(n, 4) is UB (artificial padding, disallowed for pack and unpack alike since LLVM PR
// 149624). The target copies the packed source through a tensor of ceildiv(n, 4) rows first,
// which is UB exactly then: it refines the source.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

func.func @src(%s: tensor<?x4xf32>, %n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.unpack %s inner_dims_pos = [0] inner_tiles = [4] into %e : tensor<?x4xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @tgt(%s: tensor<?x4xf32>, %n: index) -> tensor<?xf32> {
  %c = affine.apply affine_map<()[s0] -> (s0 ceildiv 4)>()[%n]
  %e2 = tensor.empty(%c) : tensor<?x4xf32>
  %s2 = linalg.copy ins(%s : tensor<?x4xf32>) outs(%e2 : tensor<?x4xf32>) -> tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.unpack %s2 inner_dims_pos = [0] inner_tiles = [4] into %e : tensor<?x4xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
