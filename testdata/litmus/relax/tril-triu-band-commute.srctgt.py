# A band of a matrix (diagonals -1 to 1) cut in either order: triu(tril(x, 1), -1) and
# tril(triu(x, -1), 1) keep the same elements and zero the same ones, for every symbolic extent.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor(("n", "m"), "float32")) -> R.Tensor(("n", "m"), "float32"):
        n = T.int64()
        m = T.int64()
        with R.dataflow():
            out = R.triu(R.tril(x, 1), -1)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor(("n", "m"), "float32")) -> R.Tensor(("n", "m"), "float32"):
        n = T.int64()
        m = T.int64()
        with R.dataflow():
            out = R.tril(R.triu(x, -1), 1)
            R.output(out)
        return out
