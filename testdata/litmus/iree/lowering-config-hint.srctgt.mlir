// lowering_config / compilation_info steer how IREE compiles an op, not what it computes:
// the copy and the matmul with them equal the same ops without them.
// RUN: irverify check %s --no-confirm | filecheck %s
// CHECK: @src: correct
// CHECK: verdict: correct

#config = #iree_codegen.lowering_config<tile_sizes = [[4, 4, 0], [1, 1, 2]]>
#translation = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<Default>>
#compilation = #iree_codegen.compilation_info<lowering_config = #config, translation_info = #translation>
func.func @src(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>) -> (tensor<4x8xf32>, tensor<4x4xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.copy {lowering_config = #iree_gpu.derived_thread_config} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.matmul {compilation_info = #compilation} ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x4xf32>
}
func.func @tgt(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>) -> (tensor<4x8xf32>, tensor<4x4xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.copy ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.matmul {lowering_config = #config} ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x4xf32>
}
