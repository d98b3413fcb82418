# negative(x) and x * -1 on int8 wrap the same way (both give -128 at -128).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "int8")) -> R.Tensor((4,), "int8"):
        with R.dataflow():
            out = R.negative(x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "int8")) -> R.Tensor((4,), "int8"):
        with R.dataflow():
            out = R.multiply(x, R.const(-1, "int8"))
            R.output(out)
        return out
