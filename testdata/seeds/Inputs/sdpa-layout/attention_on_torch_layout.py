# Provenance: irverify seed corpus, seeds/sdpa-layout/attention_on_torch_layout.py (see seeds/README.md there).
# apache/tvm#17099: PyTorch SDPA (batch, heads, seq, dim) mapped to R.nn.attention
# (batch, seq, heads, dim) without permutes.
# Copied verbatim below this header; the expected verdicts are in testdata/seeds/*.test.
# Seed (c) WRONG: PyTorch-layout tensors (batch, heads, seq, dim) fed straight into
# R.nn.attention, whose layout is (batch, seq, heads, dim) (BSNH).  Output shape is the
# same (B,H,S,D) so no type error: attention is computed over the *heads* axis.
@I.ir_module
class Module:
    @R.function
    def main(q: R.Tensor((2, 3, 5, 8), "float32"), k: R.Tensor((2, 3, 5, 8), "float32"),
             v: R.Tensor((2, 3, 5, 8), "float32")) -> R.Tensor((2, 3, 5, 8), "float32"):
        with R.dataflow():
            out = R.nn.attention(q, k, v)
            R.output(out)
        return out
