# floor(x + 0.5) is not rounding half up, even on [-4, 4]: 0.49999997 + 0.5 rounds to 1.0 in
# float32, so floor gives 1 where x - floor(x) < 0.5 selects floor(x) = 0.
# REQUIRES: tvm
# RUN: not irverify check %s | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm)
# CHECK: decided under exact IEEE-754 floats
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            c = R.minimum(R.maximum(x, R.const(-4.0, "float32")), R.const(4.0, "float32"))
            out = R.floor(R.add(c, R.const(0.5, "float32")))
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            c = R.minimum(R.maximum(x, R.const(-4.0, "float32")), R.const(4.0, "float32"))
            up = R.greater_equal(R.subtract(c, R.floor(c)), R.const(0.5, "float32"))
            out = R.where(up, R.ceil(c), R.floor(c))
            R.output(out)
        return out
