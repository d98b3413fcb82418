# Provenance: irverify seed corpus, seeds/sdpa-layout/attention_with_permutes.py (see seeds/README.md there).
# apache/tvm#17099: PyTorch SDPA (batch, heads, seq, dim) mapped to R.nn.attention
# (batch, seq, heads, dim) without permutes.
# Copied verbatim below this header; the expected verdicts are in testdata/seeds/*.test.
# Seed (c) RIGHT: what the PyTorch frontend emits for 4-D SDPA (python/tvm/relax/frontend/
# torch/base_fx_graph_translator.py::_scaled_dot_product_attention): permute (B,H,S,D)->(B,S,H,D),
# attention, permute back.
@I.ir_module
class Module:
    @R.function
    def main(q: R.Tensor((2, 3, 5, 8), "float32"), k: R.Tensor((2, 3, 5, 8), "float32"),
             v: R.Tensor((2, 3, 5, 8), "float32")) -> R.Tensor((2, 3, 5, 8), "float32"):
        with R.dataflow():
            qt = R.permute_dims(q, axes=[0, 2, 1, 3])
            kt = R.permute_dims(k, axes=[0, 2, 1, 3])
            vt = R.permute_dims(v, axes=[0, 2, 1, 3])
            o = R.nn.attention(qt, kt, vt)
            out = R.permute_dims(o, axes=[0, 2, 1, 3])
            R.output(out)
        return out
