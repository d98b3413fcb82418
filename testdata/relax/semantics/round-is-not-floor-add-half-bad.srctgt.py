# TVM's round rounds halfway cases to even (llvm.nearbyint); floor(x + 0.5) rounds them up
# (0.5, 2.5), and gives +0 where round keeps the sign of -0.4. Exact IEEE floats decide it.
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
            out = R.round(x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.floor(R.add(x, R.const(0.5, "float32")))
            R.output(out)
        return out
