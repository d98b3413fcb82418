# maximum is TVM's a > b ? a : b: with a NaN (or -0 against +0) first it gives the second operand,
# so swapping the operands changes the result.
# REQUIRES: tvm
# RUN: not irverify check %s | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm)
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(a: R.Tensor((4,), "float32"), b: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.maximum(a, b)
            R.output(out)
        return out

    @R.function
    def tgt(a: R.Tensor((4,), "float32"), b: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.maximum(b, a)
            R.output(out)
        return out
