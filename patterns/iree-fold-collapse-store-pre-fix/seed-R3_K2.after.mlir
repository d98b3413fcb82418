// After IR of FoldCollapseShapeIntoInterfaceTensorStoreFullSlice-pre-edbb69a, instance seed[R=3,K=2] (static).
// Produced by iree-base-compiler 3.5.0 (iree-opt) on 2026-11-21 with:
//   iree-opt --pass-pipeline='builtin.module(func.func(iree-codegen-propagate-reshapes-by-expansion))' --mlir-print-local-scope <before>
// where <before> is the instance's before IR rendered from
// patterns/iree-fold-collapse-store-pre-fix.pattern. Syntactic fixes applied: none.
// Regenerate with: tools/regen_prefix_outputs.sh
// no output: iree-opt 3.5.0 exited with status 245 (signal 11) and printed no IR.
// top compiler frame of the crash backtrace: mlir::iree_compiler::(anonymous namespace)::FoldCollapseShapeIntoInterfaceTensorStore::matchAndRewrite
