// Provenance: irverify seed corpus, seeds/iree-fold-collapse-store/after_fixed.mlir (see seeds/README.md there).
// IREE issue iree-org/iree#21028, FoldCollapseShapeIntoInterfaceTensorStoreFullSlice;
// fixed by commit edbb69a (PR #21036). after_buggy: IREE 3.5.0 output; after_fixed: IREE 3.13 output.
// Copied verbatim below this header; the expected verdicts are in testdata/seeds/*.test.
module {
  func.func @seed_collapse_rank_reduced_store(%arg0: tensor<?x2xi32>) {
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %0 = hal.interface.constant.load layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : index
    %1 = arith.divsi %0, %c2 : index
    %2 = hal.interface.binding.subspan layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xi32>>{%1}
    iree_tensor_ext.dispatch.tensor.store %arg0, %2, offsets = [0, 0, 0], sizes = [%1, 2, 1], strides = [1, 1, 1] : tensor<?x2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2x4xi32>>{%1}
    return
  }
}
