// A 256x257 (K = 128) integer GEMM that accumulates into an argument, stored to a binding (the shape of
// IREE's convert_accgemm_to_gemm.mlir @accumulate_gemm, smaller).
#pipeline_layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer>
]>
func.func @accumulate_gemm(%a : tensor<256x128xi8>, %b : tensor<257x128xi8>, %c : tensor<256x257xi32>) {
  %c0 = arith.constant 0 : index
  %out = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<256x257xi32>>
  %r = linalg.generic {
    indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                     affine_map<(d0, d1, d2) -> (d1, d2)>,
                     affine_map<(d0, d1, d2) -> (d0, d1)>],
    iterator_types = ["parallel", "parallel", "reduction"]}
    ins(%a, %b : tensor<256x128xi8>, tensor<257x128xi8>) outs(%c : tensor<256x257xi32>) {
      ^bb0(%x: i8, %y: i8, %acc: i32):
        %0 = arith.extsi %x : i8 to i32
        %1 = arith.extsi %y : i8 to i32
        %2 = arith.muli %0, %1 : i32
        %3 = arith.addi %acc, %2 : i32
        linalg.yield %3 : i32
      } -> tensor<256x257xi32>
  iree_tensor_ext.dispatch.tensor.store %r, %out, offsets = [0, 0], sizes = [256, 257], strides = [1, 1] : tensor<256x257xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<256x257xi32>>
  return
}

// -----

// The same GEMM on f32: (0 + A*B) + C rounds differently from C += A*B, and irverify folds the
// float reduction as an uninterpreted function.
#pipeline_layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer>
]>
func.func @accumulate_gemm_f32(%a : tensor<256x128xf32>, %b : tensor<257x128xf32>, %c : tensor<256x257xf32>) {
  %c0 = arith.constant 0 : index
  %out = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<256x257xf32>>
  %r = linalg.generic {
    indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                     affine_map<(d0, d1, d2) -> (d1, d2)>,
                     affine_map<(d0, d1, d2) -> (d0, d1)>],
    iterator_types = ["parallel", "parallel", "reduction"]}
    ins(%a, %b : tensor<256x128xf32>, tensor<257x128xf32>) outs(%c : tensor<256x257xf32>) {
      ^bb0(%x: f32, %y: f32, %acc: f32):
        %2 = arith.mulf %x, %y : f32
        %3 = arith.addf %acc, %2 : f32
        linalg.yield %3 : f32
      } -> tensor<256x257xf32>
  iree_tensor_ext.dispatch.tensor.store %r, %out, offsets = [0, 0], sizes = [256, 257], strides = [1, 1] : tensor<256x257xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<256x257xf32>>
  return
}
