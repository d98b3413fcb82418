# einsum sums in index order from +0, as TVM's loop does; summing the reversed elements rounds
# differently (a cancellation between large terms). Exact IEEE floats find the inputs and TVM,
# compared bit for bit on them, computes different results.
# REQUIRES: tvm
# RUN: not irverify check %s | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm)
# CHECK: decided under exact IEEE-754 floats
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((), "float32"):
        with R.dataflow():
            out = R.einsum((x,), "i->")
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((), "float32"):
        with R.dataflow():
            r = R.take(x, R.const([3, 2, 1, 0], "int64"), axis=0)
            out = R.einsum((r,), "i->")
            R.output(out)
        return out
