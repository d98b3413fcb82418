# Provenance: irverify seed corpus, seeds/scale-placement/scale_v.py (see seeds/README.md there).
# TensorRT 10.7 attention scale-factor placement report: the 1/sqrt(d) scale belongs on Q
# (or K, or the scores over the reals), never after the softmax.
# Copied verbatim below this header; the expected verdicts are in testdata/seeds/*.test.

# Seed (d) variant scale_v: scale applied to V
@I.ir_module
class Module:
    @R.function
    def main(q: R.Tensor((1, 2, 6, 64), "float32"), k: R.Tensor((1, 2, 6, 64), "float32"),
             v: R.Tensor((1, 2, 6, 64), "float32")) -> R.Tensor((1, 2, 6, 64), "float32"):
        with R.dataflow():
            p = R.nn.softmax(R.matmul(q, R.permute_dims(k, axes=[0, 1, 3, 2])), axis=-1)
            out = R.matmul(p, R.multiply(v, R.const(0.125, "float32")))
            R.output(out)
        return out
