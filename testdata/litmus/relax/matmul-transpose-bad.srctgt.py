# x w is not x w^T, even for a square w.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK-NEXT: ERROR: value mismatch
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((3, 4), "int32"), w: R.Tensor((4, 4), "int32")) -> R.Tensor((3, 4), "int32"):
        with R.dataflow():
            out = R.matmul(x, w)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((3, 4), "int32"), w: R.Tensor((4, 4), "int32")) -> R.Tensor((3, 4), "int32"):
        with R.dataflow():
            wt = R.permute_dims(w, axes=[1, 0])
            out = R.matmul(x, wt)
            R.output(out)
        return out
