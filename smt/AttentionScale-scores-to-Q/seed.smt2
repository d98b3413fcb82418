; irverify proof obligations: pattern AttentionScale-scores-to-Q, instance seed[] (static)
; rewrite: attention scale placement: scale on the scores -> scale on Q (TVM, python/tvm/relax/transform/legalize_ops/nn.py)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py AttentionScale-scores-to-Q
; no solver query was needed: every check was decided while encoding

