# trunc rounds toward zero: ceil below zero, floor otherwise (NaN either way).
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: decided under exact IEEE-754 floats
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.trunc(x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.where(R.less(x, R.const(0.0, "float32")), R.ceil(x), R.floor(x))
            R.output(out)
        return out
