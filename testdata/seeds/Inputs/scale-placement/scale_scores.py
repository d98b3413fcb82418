# Provenance: irverify seed corpus, seeds/scale-placement/scale_scores.py (see seeds/README.md there).
# TensorRT 10.7 attention scale-factor placement report: the 1/sqrt(d) scale belongs on Q
# (or K, or the scores over the reals), never after the softmax.
# Copied verbatim below this header; the expected verdicts are in testdata/seeds/*.test.

# Seed (d) variant scale_scores: scale applied to QK^T before softmax
@I.ir_module
class Module:
    @R.function
    def main(q: R.Tensor((1, 2, 6, 64), "float32"), k: R.Tensor((1, 2, 6, 64), "float32"),
             v: R.Tensor((1, 2, 6, 64), "float32")) -> R.Tensor((1, 2, 6, 64), "float32"):
        with R.dataflow():
            sc = R.multiply(R.matmul(q, R.permute_dims(k, axes=[0, 1, 3, 2])), R.const(0.125, "float32"))
            p = R.nn.softmax(sc, axis=-1)
            out = R.matmul(p, v)
            R.output(out)
        return out
