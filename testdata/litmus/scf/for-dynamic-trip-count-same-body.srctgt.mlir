// A loop with a dynamic trip count is an uninterpreted function of its body's structure and of
// the values it reads; a compiler hint (iree_codegen.vector_tile_sizes) added inside the body
// changes no value, and the init the target takes through a full extract_slice is the same value: proved.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: verdict: correct

func.func @src(%a: tensor<8xf32>, %lb: index, %ub: index, %step: index) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%s = %a) -> (tensor<8xf32>) {
    %u = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]} ins(%s, %a : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %m = arith.mulf %x, %y : f32
      linalg.yield %m : f32
    } -> tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
func.func @tgt(%a: tensor<8xf32>, %lb: index, %ub: index, %step: index) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %init = tensor.extract_slice %a[0] [8] [1] : tensor<8xf32> to tensor<8xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%s = %init) -> (tensor<8xf32>) {
    %u = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]} ins(%s, %a : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>)
                         attrs = {iree_codegen.vector_tile_sizes = array<i64: 8>} {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %m = arith.mulf %x, %y : f32
      linalg.yield %m : f32
    } -> tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
