# A causal mask applied by multiplying with tril(ones) instead of tril itself: the zeroed
# elements become x * 0.0, which is NaN where x is NaN or infinite and -0.0 where x is negative.
# Confirmed on TVM llvm.
# REQUIRES: tvm
# RUN: not irverify check %s | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm)
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((3, 3), "float32")) -> R.Tensor((3, 3), "float32"):
        with R.dataflow():
            out = R.tril(x, 0)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((3, 3), "float32")) -> R.Tensor((3, 3), "float32"):
        with R.dataflow():
            out = R.multiply(x, R.tril(R.ones(R.shape([3, 3]), "float32"), 0))
            R.output(out)
        return out
