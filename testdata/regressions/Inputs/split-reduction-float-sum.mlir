// A float sum of 32 elements with a CPU vector_reduction hint of 4 lanes (the form of
// `@dont_reassociate` in IREE's Codegen/LLVMCPU/test/split_reduction.mlir, on floats).
#config = #iree_cpu.lowering_config<vector_reduction = [4]>
func.func @sum32(%arg0 : tensor<32xf32>, %arg1 : tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
      iterator_types = ["reduction"]}
    ins(%arg0: tensor<32xf32>) outs(%arg1 :tensor<f32>) attrs = {lowering_config = #config} {
    ^bb0(%b0 : f32, %b1 : f32):
      %3 = arith.addf %b0, %b1 : f32
      linalg.yield %3 : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}
