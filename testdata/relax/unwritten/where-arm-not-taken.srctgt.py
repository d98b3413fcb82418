# R.where reads only the arm it takes: the target's condition is always true, so the columns of
# 'a' nobody wrote are never read and the result is y, as in the source.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def whole(x: T.Buffer((T.int64(2), T.int64(4)), "float32"), out: T.Buffer((T.int64(2), T.int64(4)), "float32")):
        for i, j in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("copy"):
                vi, vj = T.axis.remap("SS", [i, j])
                out[vi, vj] = x[vi, vj]

    @T.prim_func(private=True, s_tir=True)
    def part(x: T.Buffer((T.int64(2), T.int64(4)), "float32"), out: T.Buffer((T.int64(2), T.int64(4)), "float32")):
        for i, j in T.grid(T.int64(2), T.int64(2)):
            with T.sblock("copy"):
                vi, vj = T.axis.remap("SS", [i, j])
                out[vi, vj] = x[vi, vj]

    @R.function
    def src(x: R.Tensor((2, 4), "float32"), y: R.Tensor((2, 4), "float32")) -> R.Tensor((2, 4), "float32"):
        return y

    @R.function
    def tgt(x: R.Tensor((2, 4), "float32"), y: R.Tensor((2, 4), "float32")) -> R.Tensor((2, 4), "float32"):
        cls = Module
        a = R.call_tir(cls.part, (x,), out_ty=R.Tensor((2, 4), "float32"))
        b = R.where(R.const(True, "bool"), y, a)
        return b
