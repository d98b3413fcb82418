# R.clip is T.max(T.min(x, max), min) with its float64 bounds cast to the dtype (TVM's
# legalization): maximum(minimum(x, 6), -1.5) computes it, NaN included (both give max).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor(("n", 4), "float32")) -> R.Tensor(("n", 4), "float32"):
        with R.dataflow():
            out = R.clip(x, -1.5, 6.0)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor(("n", 4), "float32")) -> R.Tensor(("n", 4), "float32"):
        with R.dataflow():
            out = R.maximum(R.minimum(x, R.const(6.0, "float32")), R.const(-1.5, "float32"))
            R.output(out)
        return out
