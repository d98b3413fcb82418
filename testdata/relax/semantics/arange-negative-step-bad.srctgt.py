# TVM types arange(5, 0, -2) with 4 elements (floordiv(end - start + step - 1, step)) but returns
# the 3 elements of numpy.arange: [5, 3, 1]. A 4-element constant in its place is a different
# result (before: the mistyped extent made the source UB and the pair `correct`).
# REQUIRES: tvm
# RUN: not irverify check %s | filecheck %s
# CHECK: @src: incorrect
# CHECK: Source value: [3]
# CHECK: Target value: [4]
# CHECK: confirmed: true (TVM llvm)
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((1,), "int64")):
        return R.arange(5, 0, -2, "int64")

    @R.function
    def tgt(x: R.Tensor((1,), "int64")):
        return R.const([5, 3, 1, -1], "int64")
