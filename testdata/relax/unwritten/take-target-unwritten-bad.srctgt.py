# take reads the columns its indices name: index 2 or 3 reads a column nobody wrote.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK: Differing output
# CHECK: verdict: incorrect
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
    def src(x: R.Tensor((2, 4), "float32"), i: R.Tensor((3,), "int64")) -> R.Tensor((2, 3), "float32"):
        cls = Module
        a = R.call_tir(cls.whole, (x,), out_ty=R.Tensor((2, 4), "float32"))
        b = R.take(a, i, axis=1, mode="clip")
        return b

    @R.function
    def tgt(x: R.Tensor((2, 4), "float32"), i: R.Tensor((3,), "int64")) -> R.Tensor((2, 3), "float32"):
        cls = Module
        a = R.call_tir(cls.part, (x,), out_ty=R.Tensor((2, 4), "float32"))
        b = R.take(a, i, axis=1, mode="clip")
        return b
