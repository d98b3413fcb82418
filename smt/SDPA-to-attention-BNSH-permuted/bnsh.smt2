; irverify proof obligations: pattern SDPA-to-attention-BNSH-permuted, instance bnsh[] (static)
; rewrite: PyTorch SDPA -> permute_dims + R.nn.attention + permute_dims (frontend mapping after PR #17379) (TVM, python/tvm/relax/frontend/torch/base_fx_graph_translator.py)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py SDPA-to-attention-BNSH-permuted
; no solver query was needed: every check was decided while encoding

