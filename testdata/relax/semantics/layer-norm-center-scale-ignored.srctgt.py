# TVM's legalization of R.nn.layer_norm ignores center and scale: gamma and beta apply whatever
# they say (tests/conformance/test_relax_gelu_layer_norm_conformance.py runs it), so clearing
# them changes nothing.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor(("n", 4), "float32"), gamma: R.Tensor((4,), "float32"),
            beta: R.Tensor((4,), "float32")) -> R.Tensor(("n", 4), "float32"):
        n = T.int64()
        with R.dataflow():
            out = R.nn.layer_norm(x, gamma, beta, axes=[-1], epsilon=1e-5)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor(("n", 4), "float32"), gamma: R.Tensor((4,), "float32"),
            beta: R.Tensor((4,), "float32")) -> R.Tensor(("n", 4), "float32"):
        n = T.int64()
        with R.dataflow():
            out = R.nn.layer_norm(x, gamma, beta, axes=[-1], epsilon=1e-5, center=False, scale=False)
            R.output(out)
        return out
