# begin=3, end=-1 on n rows: TVM's extent min(max(n - 1, 0), n) - min(3, n) is negative for
# n in 1..3 and the allocation fails; the target that returns an empty slice there is not what
# the source does, but the source is undefined exactly there (no value to compare).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: source_ub: {{.*}}negative extent
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor(("n",), "float32")):
        return R.strided_slice(x, axes=[0], begin=[3], end=[-1], strides=[1])

    @R.function
    def tgt(x: R.Tensor(("n",), "float32")):
        unused = R.add(x, x)
        return R.strided_slice(x, axes=[0], begin=[3], end=[-1], strides=[1])
