; irverify proof obligations: pattern ReorderTakeAfterMatmul-simple, instance nan[n=16,m=5] (static)
; rewrite: ReorderTakeAfterMatmul (simple path) (TVM, src/relax/transform/reorder_take_after_matmul.cc)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py ReorderTakeAfterMatmul-simple
; no solver query was needed: every check was decided while encoding

