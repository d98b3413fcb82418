# floor(x) = -ceil(-x) for every float, signed zeros and NaN included (IEEE roundToIntegral).
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: decided under exact IEEE-754 floats
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.floor(x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.negative(R.ceil(R.negative(x)))
            R.output(out)
        return out
