# The target's R.cumsum runs over a tensor whose columns 2 and 3 nobody wrote: from column 2 on
# its running sums read stale memory where the source's have values. Found by irverify's
# concrete evaluation (the target's element is undefined), which execution cannot show.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK: Differing output: result #0 at [0, 2]
# CHECK: Target value: poison
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
    def src(x: R.Tensor((2, 4), "float32")) -> R.Tensor((2, 4), "float32"):
        cls = Module
        a = R.call_tir(cls.whole, (x,), out_ty=R.Tensor((2, 4), "float32"))
        b = R.cumsum(a, axis=1)
        return b

    @R.function
    def tgt(x: R.Tensor((2, 4), "float32")) -> R.Tensor((2, 4), "float32"):
        cls = Module
        a = R.call_tir(cls.part, (x,), out_ty=R.Tensor((2, 4), "float32"))
        b = R.cumsum(a, axis=1)
        return b
