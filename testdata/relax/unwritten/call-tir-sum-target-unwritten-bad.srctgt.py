# A PrimFunc's input may itself hold elements nobody wrote: the T.init() row sum of 'rowsum'
# reads them, so its result is computed from stale memory where the source has a value.
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

    @T.prim_func(private=True, s_tir=True)
    def rowsum(a: T.Buffer((T.int64(2), T.int64(4)), "float32"), out: T.Buffer((T.int64(2),), "float32")):
        for i, k in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("rowsum"):
                vi, vk = T.axis.remap("SR", [i, k])
                with T.init():
                    out[vi] = T.float32(0.0)
                out[vi] = out[vi] + a[vi, vk]

    @R.function
    def src(x: R.Tensor((2, 4), "float32")) -> R.Tensor((2,), "float32"):
        cls = Module
        a = R.call_tir(cls.whole, (x,), out_ty=R.Tensor((2, 4), "float32"))
        b = R.call_tir(cls.rowsum, (a,), out_ty=R.Tensor((2,), "float32"))
        return b

    @R.function
    def tgt(x: R.Tensor((2, 4), "float32")) -> R.Tensor((2,), "float32"):
        cls = Module
        a = R.call_tir(cls.part, (x,), out_ty=R.Tensor((2, 4), "float32"))
        b = R.call_tir(cls.rowsum, (a,), out_ty=R.Tensor((2,), "float32"))
        return b
