// IREE 3.13 (iree-base-compiler 3.13.0, llvm-cpu, local-sync) copies a rank-2 subregion of
// flow.tensor.slice and flow.tensor.update as if it were contiguous: the slice reads, and the
// update writes, `rows * cols` consecutive elements from the start position instead of
// `rows` rows of `cols` elements.
//
//   iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
//       flow_slice_update_2d.mlir -o fs.vmfb
//   iree-run-module --device=local-sync --module=fs.vmfb --function=slice \
//       --input="4x6xi32=[0 1 2 3 4 5][6 7 8 9 10 11][12 13 14 15 16 17][18 19 20 21 22 23]" \
//       --input=1 --input=2
//   result[0]: 2x3xi32=[8 9 10][11 12 13]          (expected [8 9 10][14 15 16])
//   iree-run-module --device=local-sync --module=fs.vmfb --function=update \
//       --input="4x6xi32=0" --input="2x3xi32=[1 2 3][4 5 6]" --input=1 --input=2
//   result[0]: 4x6xi32=[0 0 0 0 0 0][0 0 1 2 3 4][5 6 0 0 0 0][0 0 0 0 0 0]
//                                     (expected [0 0 0 0 0 0][0 0 1 2 3 0][0 0 4 5 6 0][0 0 0 0 0 0])
//
// irverify's semantics follow the FlowOps documentation ("clones a subregion of a tensor",
// "updates the target tensor with the contents of the update tensor at the given offset
// indices"), as tensor.extract_slice/insert_slice do (which IREE executes as documented).
// tests/conformance/test_index_map_conformance.py::test_flow_2d_subregions_conform_with_iree
// is a strict xfail that starts failing when IREE is fixed.
func.func @slice(%a: tensor<4x6xi32>, %s0: index, %s1: index) -> tensor<2x3xi32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %s = flow.tensor.slice %a[%s0, %s1 for %c2, %c3] : tensor<4x6xi32> -> tensor<2x3xi32>
  return %s : tensor<2x3xi32>
}
func.func @update(%a: tensor<4x6xi32>, %u: tensor<2x3xi32>, %s0: index, %s1: index) -> tensor<4x6xi32> {
  %w = flow.tensor.update %u, %a[%s0, %s1] : tensor<2x3xi32> -> %a as tensor<4x6xi32>
  return %w : tensor<4x6xi32>
}
