// After IR of FoldCollapseShapeIntoInterfaceTensorStoreFullSlice-pre-edbb69a, instance seed[R=3,K=?] (mixed).
// Produced by iree-base-compiler 3.5.0 (iree-opt) on 2026-11-21 with:
//   iree-opt --pass-pipeline='builtin.module(func.func(iree-codegen-propagate-reshapes-by-expansion))' --mlir-print-local-scope <before>
// where <before> is the instance's before IR rendered from
// patterns/iree-fold-collapse-store-pre-fix.pattern. Syntactic fixes applied: none.
// Regenerate with: tools/regen_prefix_outputs.sh
module {
  func.func @seed_collapse_rank_reduced_store(%arg0: tensor<3x?xi32>) {
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %0 = hal.interface.constant.load layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : index
    %1 = arith.divsi %0, %c3 : index
    %2 = hal.interface.binding.subspan layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3x?xi32>>{%1}
    iree_tensor_ext.dispatch.tensor.store %arg0, %2, offsets = [0, 0], sizes = [3, %1], strides = [1, 1] : tensor<3x?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3x?xi32>>{%1}
    return
  }
}
