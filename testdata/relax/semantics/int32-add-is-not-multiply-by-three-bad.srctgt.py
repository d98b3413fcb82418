# x + x is not x * 3 (a plain integer counterexample).
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "int32")) -> R.Tensor((4,), "int32"):
        with R.dataflow():
            out = R.add(x, x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "int32")) -> R.Tensor((4,), "int32"):
        with R.dataflow():
            out = R.multiply(x, R.const(3, "int32"))
            R.output(out)
        return out
