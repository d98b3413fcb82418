# matmul reads a whole row of its left operand: every result element reads unwritten columns.
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
    def src(x: R.Tensor((2, 4), "float32"), w: R.Tensor((4, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        cls = Module
        a = R.call_tir(cls.whole, (x,), out_ty=R.Tensor((2, 4), "float32"))
        b = R.matmul(a, w)
        return b

    @R.function
    def tgt(x: R.Tensor((2, 4), "float32"), w: R.Tensor((4, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        cls = Module
        a = R.call_tir(cls.part, (x,), out_ty=R.Tensor((2, 4), "float32"))
        b = R.matmul(a, w)
        return b
