# sum over axis=[] on floats is +0 + x as TVM computes it: -0 becomes +0, so it is not the identity.
# REQUIRES: tvm
# RUN: not irverify check %s | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm)
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        with R.dataflow():
            out = R.sum(x, axis=[])
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        with R.dataflow():
            out = x
            R.output(out)
        return out
