# Signed int32 overflow wraps as TVM executes it (two's complement), so x + x and x * 2 agree
# on every input, overflowing ones included.
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "int32")) -> R.Tensor((4,), "int32"):
        with R.dataflow():
            out = R.add(x, x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "int32")) -> R.Tensor((4,), "int32"):
        with R.dataflow():
            out = R.multiply(x, R.const(2, "int32"))
            R.output(out)
        return out
