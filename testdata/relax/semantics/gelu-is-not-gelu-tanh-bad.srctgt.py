# R.nn.gelu (erf) and R.nn.gelu_tanh (its tanh approximation) differ by up to about 4e-4: replacing
# one by the other is incorrect, confirmed by running both on TVM llvm (irverify's own concrete
# evaluation does not count differences that small as evidence: --no-confirm says unknown).
# REQUIRES: tvm
# RUN: not irverify check %s --timeout 5 | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm)
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        with R.dataflow():
            out = R.nn.gelu(x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        with R.dataflow():
            out = R.nn.gelu_tanh(x)
            R.output(out)
        return out
