# pow(x, 0) is 1 for every x, NaN included (libm pow).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.power(x, R.const(0.0, "float32"))
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.ones(R.shape([4]), "float32")
            R.output(out)
        return out
