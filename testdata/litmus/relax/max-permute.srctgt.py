# max over axis 1 equals max over axis 0 of the transpose (symbolic rows).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor(("n", 4), "int32")) -> R.Tensor(("n",), "int32"):
        with R.dataflow():
            out = R.max(x, axis=[1])
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor(("n", 4), "int32")) -> R.Tensor(("n",), "int32"):
        with R.dataflow():
            xt = R.permute_dims(x, axes=[1, 0])
            out = R.max(xt, axis=[0])
            R.output(out)
        return out
