# max and min of a row differ as soon as the row holds two different values.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK-NEXT: ERROR: value mismatch
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 3), "int32")) -> R.Tensor((2,), "int32"):
        with R.dataflow():
            out = R.max(x, axis=[1])
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 3), "int32")) -> R.Tensor((2,), "int32"):
        with R.dataflow():
            out = R.min(x, axis=[1])
            R.output(out)
        return out
