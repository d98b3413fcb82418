// The output of iree-llvmcpu-split-reduction on split-reduction-int.mlir, with the lanes' partial
// sums started from 1 instead of 0 (a wrong identity): each of the 16 lanes adds 1 per split loop iteration.

#map = affine_map<(d0) -> (-d0 + 256, 128)>
#map1 = affine_map<()[s0] -> (s0 floordiv 16)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0) -> (d0)>
#map5 = affine_map<(d0) -> ()>
module {
  func.func @split_bounded_dynamic_reduction(%arg0: tensor<256xi32>, %arg1: tensor<i32>) -> tensor<i32> {
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %0 = scf.for %arg2 = %c0 to %c256 step %c128 iter_args(%arg3 = %arg1) -> (tensor<i32>) {
      %1 = affine.min #map(%arg2)
      %extracted_slice = tensor.extract_slice %arg0[%arg2] [%1] [1] : tensor<256xi32> to tensor<?xi32>
      %2 = affine.apply #map1()[%1]
      %expanded = tensor.expand_shape %extracted_slice [[0, 1]] output_shape [%2, 16] : tensor<?xi32> into tensor<?x16xi32>
      %3 = tensor.empty() : tensor<16xi32>
      %4 = linalg.fill ins(%c0_i32 : i32) outs(%3 : tensor<16xi32>) -> tensor<16xi32>
      %dim = tensor.dim %expanded, %c0 : tensor<?x16xi32>
      %5 = scf.for %arg4 = %c0 to %dim step %c1 iter_args(%arg5 = %4) -> (tensor<16xi32>) {
        %extracted_slice_0 = tensor.extract_slice %expanded[%arg4, 0] [1, 16] [1, 1] : tensor<?x16xi32> to tensor<1x16xi32>
        %7 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["reduction", "parallel"]} ins(%extracted_slice_0 : tensor<1x16xi32>) outs(%arg5 : tensor<16xi32>) {
        ^bb0(%in: i32, %out: i32):
          %8 = arith.addi %in, %out : i32
          linalg.yield %8 : i32
        } -> tensor<16xi32>
        scf.yield %7 : tensor<16xi32>
      }
      %6 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["reduction"]} ins(%5 : tensor<16xi32>) outs(%arg3 : tensor<i32>) {
      ^bb0(%in: i32, %out: i32):
        %7 = arith.addi %in, %out : i32
        linalg.yield %7 : i32
      } -> tensor<i32>
      scf.yield %6 : tensor<i32>
    }
    return %0 : tensor<i32>
  }
}

