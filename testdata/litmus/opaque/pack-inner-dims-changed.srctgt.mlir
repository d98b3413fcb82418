// Changing an opaque op's attributes (linalg.pack's inner_dims_pos) makes it another function,
// with its own unknown results and its own unknown undefined inputs: irverify cannot prove the
// change and says so (unknown, naming the opaque op), never correct.
// RUN: not irverify check %s | filecheck %s
// CHECK: @src: unknown
// CHECK: opaque op 'linalg.pack'
// CHECK: verdict: unknown

func.func @src(%x: tensor<16x16xf32>) -> tensor<2x2x8x8xf32> {
  %e = tensor.empty() : tensor<2x2x8x8xf32>
  %p = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %p : tensor<2x2x8x8xf32>
}

func.func @tgt(%x: tensor<16x16xf32>) -> tensor<2x2x8x8xf32> {
  %e = tensor.empty() : tensor<2x2x8x8xf32>
  %p = linalg.pack %x inner_dims_pos = [1, 0] inner_tiles = [8, 8] into %e : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %p : tensor<2x2x8x8xf32>
}
