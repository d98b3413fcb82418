# take commutes with permute_dims: taking rows of x (n x 3, n symbolic) in wrap mode and
# transposing equals taking columns of the transpose.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor(("n", 3), "int32"), idx: R.Tensor((5,), "int64")) -> R.Tensor((3, 5), "int32"):
        with R.dataflow():
            rows = R.take(x, idx, axis=0, mode="wrap")
            out = R.permute_dims(rows, axes=[1, 0])
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor(("n", 3), "int32"), idx: R.Tensor((5,), "int64")) -> R.Tensor((3, 5), "int32"):
        with R.dataflow():
            xt = R.permute_dims(x, axes=[1, 0])
            out = R.take(xt, idx, axis=1, mode="wrap")
            R.output(out)
        return out
