# Clamping in the other order differs on NaN: R.clip(NaN, -1.5, 6.0) is 6.0 (T.min(NaN, 6.0)
# is 6.0, an ordered select), minimum(maximum(NaN, -1.5), 6.0) is -1.5. Confirmed on TVM llvm.
# REQUIRES: tvm
# RUN: not irverify check %s | filecheck %s
# CHECK: @src: incorrect
# CHECK: x : tensor<2x4xf32> = {{.*}}nan
# CHECK: confirmed: true (TVM llvm)
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 4), "float32")) -> R.Tensor((2, 4), "float32"):
        with R.dataflow():
            out = R.clip(x, -1.5, 6.0)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 4), "float32")) -> R.Tensor((2, 4), "float32"):
        with R.dataflow():
            out = R.minimum(R.maximum(x, R.const(-1.5, "float32")), R.const(6.0, "float32"))
            R.output(out)
        return out
