// The case @split_bounded_dynamic_reduction of IREE's Codegen/LLVMCPU/test/split_reduction.mlir
// (IREE test suite, Apache-2.0 WITH LLVM-exception), input unchanged, CHECK lines left out.
//
// iree-llvmcpu-split-reduction splits each 128-element i32 sum of the loop into 16 lanes
// (an expand_shape to ?x16, a loop of 1x16 partial sums from 0, then a sum of the lanes):
// integer addition wraps, so every order and association computes the same value.

#config = #iree_cpu.lowering_config<vector_reduction = [16]>
func.func @split_bounded_dynamic_reduction(%arg0 : tensor<256xi32>, %arg1 : tensor<i32>) -> tensor<i32> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %0 = scf.for %iv = %c0 to %c256 step %c128 iter_args(%acc = %arg1) -> (tensor<i32>) {
    %size = affine.min affine_map<(d0) -> (-d0 + 256, 128)>(%iv)
    %slice = tensor.extract_slice %arg0[%iv] [%size] [1] : tensor<256xi32> to tensor<?xi32>
    %reduced = linalg.generic {
        indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
        iterator_types = ["reduction"]}
      ins(%slice : tensor<?xi32>) outs(%acc : tensor<i32>) attrs = {lowering_config = #config} {
      ^bb0(%in : i32, %out : i32):
        %sum = arith.addi %in, %out : i32
        linalg.yield %sum : i32
    } -> tensor<i32>
    scf.yield %reduced : tensor<i32>
  }
  return %0 : tensor<i32>
}
