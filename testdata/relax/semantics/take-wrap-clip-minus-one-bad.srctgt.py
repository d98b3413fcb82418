# take of index -1: wrap reads the last element, clip the first (an index difference, no float reasoning).
# REQUIRES: tvm
# RUN: not irverify check %s | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm)
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((1,), "float32"):
        with R.dataflow():
            out = R.take(x, R.const([-1], "int64"), axis=0, mode="wrap")
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((1,), "float32"):
        with R.dataflow():
            out = R.take(x, R.const([-1], "int64"), axis=0, mode="clip")
            R.output(out)
        return out
