# TVM's max reduction keeps a NaN only when it comes last (an ordered compare against the running
# maximum): reversing the elements changes the result for [1, NaN].
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
            out = R.max(x, axis=[0], keepdims=True)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((1,), "float32"):
        with R.dataflow():
            r = R.take(x, R.const([3, 2, 1, 0], "int64"), axis=0)
            out = R.max(r, axis=[0], keepdims=True)
            R.output(out)
        return out
