# max of a 0-d tensor is the tensor itself: TVM copies it (max(-inf) is -inf, not the lowest
# finite value a fold would start from; tests/conformance/test_relax_tir_conformance.py).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((), "float32")) -> R.Tensor((), "float32"):
        with R.dataflow():
            out = R.max(x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((), "float32")) -> R.Tensor((), "float32"):
        return x
