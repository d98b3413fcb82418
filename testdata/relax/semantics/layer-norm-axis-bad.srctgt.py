# R.nn.layer_norm over the rows of a square matrix rewritten to normalise its columns (gamma and
# beta have the same shape either way): incorrect, confirmed by running both on TVM llvm and by
# irverify's own concrete evaluation.
# REQUIRES: tvm
# RUN: not irverify check %s --timeout 5 | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm)
# CHECK: verdict: incorrect
# RUN: not irverify check %s --timeout 5 --no-confirm | filecheck %s --check-prefix=NOCONFIRM
# NOCONFIRM: @src: incorrect
# NOCONFIRM: note: found by irverify's concrete evaluation
# NOCONFIRM: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((3, 3), "float32"), gamma: R.Tensor((3,), "float32"),
            beta: R.Tensor((3,), "float32")) -> R.Tensor((3, 3), "float32"):
        with R.dataflow():
            out = R.nn.layer_norm(x, gamma, beta, axes=[-1], epsilon=1e-5)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((3, 3), "float32"), gamma: R.Tensor((3,), "float32"),
            beta: R.Tensor((3,), "float32")) -> R.Tensor((3, 3), "float32"):
        with R.dataflow():
            out = R.nn.layer_norm(x, gamma, beta, axes=[0], epsilon=1e-5)
            R.output(out)
        return out
