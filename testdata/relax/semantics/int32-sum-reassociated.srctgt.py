# An int32 sum reassociated (rows first): wrapping addition is associative.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((3, 4), "int32")) -> R.Tensor((), "int32"):
        with R.dataflow():
            out = R.sum(x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((3, 4), "int32")) -> R.Tensor((), "int32"):
        with R.dataflow():
            r = R.sum(x, axis=[1])
            out = R.sum(r)
            R.output(out)
        return out
