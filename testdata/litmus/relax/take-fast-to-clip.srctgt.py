# take: fast mode is undefined on an out-of-range index, so clip refines it (the source's UB is
# reported as a note).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK-NEXT: note: source_ub: the source is undefined on some inputs; correct where it is defined
# CHECK-NEXT: source_ub: {{.*}}take(x, idx, axis=1, mode=fast) requires 0 <= idx[j] < 6
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 6), "float32"), idx: R.Tensor((4,), "int64")) -> R.Tensor((2, 4), "float32"):
        with R.dataflow():
            out = R.take(x, idx, axis=1, mode="fast")
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 6), "float32"), idx: R.Tensor((4,), "int64")) -> R.Tensor((2, 4), "float32"):
        with R.dataflow():
            out = R.take(x, idx, axis=1, mode="clip")
            R.output(out)
        return out
