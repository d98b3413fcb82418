# take: clip and wrap differ on an out-of-range index (clip clamps to the last element, wrap
# takes it modulo the extent).
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK-NEXT: ERROR: value mismatch
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4,), "int32"), idx: R.Tensor((3,), "int64")) -> R.Tensor((3,), "int32"):
        with R.dataflow():
            out = R.take(x, idx, axis=0, mode="clip")
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4,), "int32"), idx: R.Tensor((3,), "int64")) -> R.Tensor((3,), "int32"):
        with R.dataflow():
            out = R.take(x, idx, axis=0, mode="wrap")
            R.output(out)
        return out
