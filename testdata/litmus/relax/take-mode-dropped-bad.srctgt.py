# ReorderTakeAfterMatmul before apache/tvm#20201 was fixed (PR #20206): the take moved after the
# matmul lost its mode and fell back to fast, turning clip's defined out-of-range behaviour into
# undefined behaviour.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK-NEXT: ERROR: target has undefined behaviour
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4, 8), "float32"), w: R.Tensor((8, 16), "float32"), idx: R.Tensor((5,), "int64")) -> R.Tensor((4, 5), "float32"):
        with R.dataflow():
            wt = R.take(w, idx, axis=1, mode="clip")
            out = R.matmul(x, wt)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((4, 8), "float32"), w: R.Tensor((8, 16), "float32"), idx: R.Tensor((5,), "int64")) -> R.Tensor((4, 5), "float32"):
        with R.dataflow():
            m = R.matmul(x, w)
            out = R.take(m, idx, axis=1, mode="fast")
            R.output(out)
        return out
