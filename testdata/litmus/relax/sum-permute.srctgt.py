# sum over axis 1 equals sum over axis 0 of the transpose: the same i32 additions in the same
# order (irverify leaves a signed overflow of a sum unspecified, so reassociating is not proved).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((3, 4), "int32")) -> R.Tensor((3,), "int32"):
        with R.dataflow():
            out = R.sum(x, axis=[1])
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((3, 4), "int32")) -> R.Tensor((3,), "int32"):
        with R.dataflow():
            xt = R.permute_dims(x, axes=[1, 0])
            out = R.sum(xt, axis=[0])
            R.output(out)
        return out
