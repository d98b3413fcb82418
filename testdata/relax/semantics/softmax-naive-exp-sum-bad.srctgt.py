# R.nn.softmax subtracts the row maximum before exp (TVM's topi softmax); the naive
# exp(x) / sum(exp(x)) overflows to inf / inf = NaN on large inputs, where softmax gives 1.
# irverify's concrete evaluation finds it on random inputs of large magnitude, and execution on
# TVM confirms it. Over the reals (--fp=real) the two are equal, reported as real-only.
# REQUIRES: tvm
# RUN: not irverify check %s --timeout 5 | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm) {{.*}}nan
# CHECK: note: found by {{.*}} random inputs of large magnitude
# CHECK: verdict: incorrect
# RUN: not irverify check %s --timeout 5 --no-confirm | filecheck %s --check-prefix=NOCONFIRM
# NOCONFIRM: @src: incorrect
# NOCONFIRM: Target value: nan
# NOCONFIRM: note: found by irverify's concrete evaluation {{.*}} random inputs of large magnitude
# NOCONFIRM: verdict: incorrect
# RUN: irverify check %s --fp=real --no-confirm | filecheck %s --check-prefix=REAL
# REAL: @src: correct
# REAL-NEXT: note: real-only: equal over the reals, not bitwise
# REAL: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 4), "float32")) -> R.Tensor((2, 4), "float32"):
        with R.dataflow():
            out = R.nn.softmax(x, axis=-1)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 4), "float32")) -> R.Tensor((2, 4), "float32"):
        with R.dataflow():
            e = R.exp(x)
            s = R.sum(e, axis=[-1], keepdims=True)
            out = R.divide(e, s)
            R.output(out)
        return out
