// iree_codegen.vector_tile_sizes (a vectorization hint) does not change what the generic
// computes; iree_vector_ext.to_layout is an opaque op, the same on both sides.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [1], element_tile = [64], subgroup_strides = [0], thread_strides = [0]>
#map = affine_map<(d0) -> (d0)>
func.func @src(%a: tensor<64xf32>) -> tensor<64xf32> {
  %l = iree_vector_ext.to_layout %a to layout(#layout) : tensor<64xf32>
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%l : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @tgt(%a: tensor<64xf32>) -> tensor<64xf32> {
  %l = iree_vector_ext.to_layout %a to layout(#layout) : tensor<64xf32>
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%l : tensor<64xf32>) outs(%e : tensor<64xf32>) attrs = {iree_codegen.vector_tile_sizes = array<i64: 64>} {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
