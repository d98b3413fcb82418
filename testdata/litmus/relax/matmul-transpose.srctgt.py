# (x w)^T = w^T x^T the same products summed in the same order (exact under the
# abstract float model: equal summands give equal sums).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((3, 4), "float32"), w: R.Tensor((4, 5), "float32")) -> R.Tensor((5, 3), "float32"):
        with R.dataflow():
            xw = R.matmul(x, w)
            out = R.permute_dims(xw, axes=[1, 0])
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((3, 4), "float32"), w: R.Tensor((4, 5), "float32")) -> R.Tensor((5, 3), "float32"):
        with R.dataflow():
            wt = R.permute_dims(w, axes=[1, 0])
            xt = R.permute_dims(x, axes=[1, 0])
            out = R.matmul(wt, xt)
            R.output(out)
        return out
