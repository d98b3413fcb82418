# The last running sum of an int32 row is the row's sum (integers wrap alike in any order).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 4), "int32")) -> R.Tensor((2,), "int32"):
        with R.dataflow():
            out = R.sum(x, axis=[1])
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 4), "int32")) -> R.Tensor((2,), "int32"):
        with R.dataflow():
            c = R.cumsum(x, axis=1)
            out = R.squeeze(R.strided_slice(c, axes=[1], begin=[3], end=[4]), axis=[1])
            R.output(out)
        return out
