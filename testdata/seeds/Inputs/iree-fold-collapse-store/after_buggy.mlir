// Provenance: irverify seed corpus, seeds/iree-fold-collapse-store/after_buggy.mlir (see seeds/README.md there).
// IREE issue iree-org/iree#21028, FoldCollapseShapeIntoInterfaceTensorStoreFullSlice;
// fixed by commit edbb69a (PR #21036). after_buggy: IREE 3.5.0 output; after_fixed: IREE 3.13 output.
// Copied verbatim below this header; the expected verdicts are in testdata/seeds/*.test.
// BUGGY rewrite of before.mlir, as produced by IREE 3.5.0
// (iree-base-compiler==3.5.0, pass --iree-codegen-propagate-reshapes-by-expansion,
// pre-edbb69a FoldCollapseShapeIntoInterfaceTensorStoreFullSlice). The binding
// is re-typed from ?x4 to ?x2 (the unit store dim and the static 4 are lost),
// so the 2*n values land contiguously instead of in column 0.
#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [
    #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @seed_collapse_rank_reduced_store(%src : tensor<?x2xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %m = hal.interface.constant.load layout(#pipeline_layout) ordinal(0) : index
  %half = arith.divsi %m, %c2 : index
  %dest = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2xi32>>{%half}
  iree_tensor_ext.dispatch.tensor.store %src, %dest, offsets = [0, 0], sizes = [%half, 2], strides = [1, 1]
      : tensor<?x2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x2xi32>>{%half}
  return
}
