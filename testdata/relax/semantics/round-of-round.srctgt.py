# round is idempotent, and floor of a rounded value changes nothing.
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: decided under exact IEEE-754 floats
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.round(x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.floor(R.round(R.round(x)))
            R.output(out)
        return out
