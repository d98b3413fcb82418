# strided_slice with stride -2 from 5 to 0 on 6 rows reads rows 5, 3, 1 (TVM's extent
# floordiv(begin - end + 1, 2) = 3).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((6, 2), "float32")):
        return R.strided_slice(x, axes=[0], begin=[5], end=[0], strides=[-2])

    @R.function
    def tgt(x: R.Tensor((6, 2), "float32")):
        return R.take(x, R.const([5, 3, 1], "int64"), axis=0)
