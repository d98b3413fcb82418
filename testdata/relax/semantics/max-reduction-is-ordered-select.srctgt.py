# max over an axis folds maximum from the lowest finite value; a NaN is kept only when last.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2,), "float32")) -> R.Tensor((1,), "float32"):
        with R.dataflow():
            out = R.max(x, axis=[0], keepdims=True)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2,), "float32")) -> R.Tensor((1,), "float32"):
        with R.dataflow():
            lo = R.const(-3.4028234663852886e38, "float32")
            a = R.take(x, R.const([0], "int64"), axis=0)
            b = R.take(x, R.const([1], "int64"), axis=0)
            out = R.where(R.greater(R.where(R.greater(lo, a), lo, a), b), R.where(R.greater(lo, a), lo, a), b)
            R.output(out)
        return out
