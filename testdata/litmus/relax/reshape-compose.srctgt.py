# Two row-major reshapes compose into one; the symbolic batch n is kept.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor(("n", 3, 4), "float32")) -> R.Tensor(("n", 2, 6), "float32"):
        with R.dataflow():
            n = T.int64()
            flat = R.reshape(x, R.shape([n, 12]))
            out = R.reshape(flat, R.shape([n, 2, 6]))
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor(("n", 3, 4), "float32")) -> R.Tensor(("n", 2, 6), "float32"):
        with R.dataflow():
            n = T.int64()
            out = R.reshape(x, R.shape([n, 2, 6]))
            R.output(out)
        return out
