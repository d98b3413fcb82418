# sum over axis=[] reduces nothing: the identity on integers.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 3), "int32")) -> R.Tensor((2, 3), "int32"):
        with R.dataflow():
            out = R.sum(x, axis=[])
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 3), "int32")) -> R.Tensor((2, 3), "int32"):
        with R.dataflow():
            out = x
            R.output(out)
        return out
