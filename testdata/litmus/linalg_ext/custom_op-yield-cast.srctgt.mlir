// A custom_op may yield a value more dynamic than its result type: the result is that value
// cast to the static type (undefined where the extents differ), so it is the tensor.cast.
// RUN: irverify check %s | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct
func.func @src(%a : tensor<?xi32>, %b : tensor<4xi32>) -> tensor<4xi32> {
  %0 = iree_linalg_ext.custom_op {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = [#iree_linalg_ext.iterator_type<parallel>]}
      ins(%a : tensor<?xi32>) outs(%b : tensor<4xi32>) {
    ^bb0(%x : tensor<?xi32>, %y : tensor<?xi32>):
      iree_linalg_ext.yield %x : tensor<?xi32>
  } -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func @tgt(%a : tensor<?xi32>, %b : tensor<4xi32>) -> tensor<4xi32> {
  %0 = tensor.cast %a : tensor<?xi32> to tensor<4xi32>
  return %0 : tensor<4xi32>
}
