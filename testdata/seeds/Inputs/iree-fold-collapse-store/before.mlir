// Provenance: irverify seed corpus, seeds/iree-fold-collapse-store/before.mlir (see seeds/README.md there).
// IREE issue iree-org/iree#21028, FoldCollapseShapeIntoInterfaceTensorStoreFullSlice;
// fixed by commit edbb69a (PR #21036). after_buggy: IREE 3.5.0 output; after_fixed: IREE 3.13 output.
// Copied verbatim below this header; the expected verdicts are in testdata/seeds/*.test.
// Seed bug (IREE issue #21028, fixed by edbb69a / PR #21036).
// %m = collapsed length (= 2 * rows of %src); dest is an %m x 4 i32 buffer and
// the collapsed vector is stored into column 0 (rank-reducing store, sizes=[%m, 1]).
#pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [
    #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
func.func @seed_collapse_rank_reduced_store(%src : tensor<?x2xi32>) {
  %c0 = arith.constant 0 : index
  %m = hal.interface.constant.load layout(#pipeline_layout) ordinal(0) : index
  %dest = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0)
      flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%m}
  %collapsed = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  iree_tensor_ext.dispatch.tensor.store %collapsed, %dest, offsets = [0, 0], sizes = [%m, 1], strides = [1, 1]
      : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xi32>>{%m}
  return
}
