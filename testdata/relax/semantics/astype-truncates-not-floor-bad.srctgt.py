# astype from float to int truncates toward zero; through floor it rounds down: they differ on
# negative non-integers (-0.25 gives 0 and -1).
# REQUIRES: tvm
# RUN: not irverify check %s | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm)
# CHECK: note: found by irverify's concrete evaluation of the op definitions
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "int32"):
        with R.dataflow():
            out = R.astype(x, "int32")
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "int32"):
        with R.dataflow():
            out = R.astype(R.floor(x), "int32")
            R.output(out)
        return out
