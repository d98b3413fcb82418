# R.nn.attention on (batch, seq, heads, dim) equals the explicit per-head computation:
# permute to (batch, heads, seq, dim), q k^T / sqrt(4) (TVM's lowering divides by sqrt(D);
# heads != seq), softmax over the keys, times v, permute back.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(q: R.Tensor((1, 4, 2, 4), "float32"), k: R.Tensor((1, 4, 2, 4), "float32"),
            v: R.Tensor((1, 4, 2, 4), "float32")) -> R.Tensor((1, 4, 2, 4), "float32"):
        with R.dataflow():
            out = R.nn.attention(q, k, v)
            R.output(out)
        return out

    @R.function
    def tgt(q: R.Tensor((1, 4, 2, 4), "float32"), k: R.Tensor((1, 4, 2, 4), "float32"),
            v: R.Tensor((1, 4, 2, 4), "float32")) -> R.Tensor((1, 4, 2, 4), "float32"):
        with R.dataflow():
            qh = R.permute_dims(q, axes=[0, 2, 1, 3])
            kh = R.permute_dims(k, axes=[0, 2, 3, 1])
            vh = R.permute_dims(v, axes=[0, 2, 1, 3])
            s = R.divide(R.matmul(qh, kh), R.const(2.0, "float32"))
            p = R.nn.softmax(s, axis=-1)
            o = R.matmul(p, vh)
            out = R.permute_dims(o, axes=[0, 2, 1, 3])
            R.output(out)
        return out
