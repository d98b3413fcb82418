# A reshape is not a transpose: permute_dims then reshape reorders the elements.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK-NEXT: ERROR: value mismatch
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 3), "float32")) -> R.Tensor((3, 2), "float32"):
        with R.dataflow():
            out = R.permute_dims(x, axes=[1, 0])
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 3), "float32")) -> R.Tensor((3, 2), "float32"):
        with R.dataflow():
            out = R.reshape(x, R.shape([3, 2]))
            R.output(out)
        return out
