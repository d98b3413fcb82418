# R.nn.softmax is exp(x - max(x)) / sum(exp(x - max(x))) along the axis, the max being TVM's
# max reduction: written out explicitly, it is the same computation.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 4), "float32")) -> R.Tensor((2, 4), "float32"):
        with R.dataflow():
            out = R.nn.softmax(x, axis=-1)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 4), "float32")) -> R.Tensor((2, 4), "float32"):
        with R.dataflow():
            m = R.max(x, axis=[-1], keepdims=True)
            e = R.exp(R.subtract(x, m))
            s = R.sum(e, axis=[-1], keepdims=True)
            out = R.divide(e, s)
            R.output(out)
        return out
