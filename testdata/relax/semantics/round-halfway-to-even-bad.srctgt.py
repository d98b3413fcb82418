# With signed zeros made equal (+0.0 added), round and floor(x + 0.5) still differ at the
# halfway cases: round(0.5) = 0, floor(1.0) = 1.
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
            out = R.add(R.round(x), R.const(0.0, "float32"))
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            out = R.add(R.floor(R.add(x, R.const(0.5, "float32"))), R.const(0.0, "float32"))
            R.output(out)
        return out
