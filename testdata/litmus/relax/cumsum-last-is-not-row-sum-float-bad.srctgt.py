# For float32 it is not: TVM's sum starts from +0.0, its scan from the first element, so a row
# of -0.0 sums to +0.0 and its last running sum is -0.0. Confirmed on TVM llvm.
# REQUIRES: tvm
# RUN: not irverify check %s | filecheck %s
# CHECK: @src: incorrect
# CHECK: Source value: 0.0
# CHECK: Target value: -0.0
# CHECK: confirmed: true (TVM llvm)
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2,), "float32"):
        with R.dataflow():
            out = R.sum(x, axis=[1])
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2,), "float32"):
        with R.dataflow():
            c = R.cumsum(x, axis=1)
            out = R.squeeze(R.strided_slice(c, axes=[1], begin=[2], end=[3]), axis=[1])
            R.output(out)
        return out
