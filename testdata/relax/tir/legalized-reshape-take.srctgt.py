# R.reshape (floordiv/floormod index arithmetic) and a fast-mode R.take (an index read from a
# tensor; out of range is UB on both sides) against their legalised PrimFuncs.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def reshape(x: T.Buffer((T.int64(2), T.int64(6)), "float32"), T_reshape: T.Buffer((T.int64(3), T.int64(4)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for ax0, ax1 in T.grid(T.int64(3), T.int64(4)):
            with T.sblock("T_reshape"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(x[(v_ax0 * T.int64(4) + v_ax1) % T.int64(12) // T.int64(6), (v_ax0 * T.int64(4) + v_ax1) % T.int64(6)])
                T.writes(T_reshape[v_ax0, v_ax1])
                T_reshape[v_ax0, v_ax1] = x[(v_ax0 * T.int64(4) + v_ax1) % T.int64(12) // T.int64(6), (v_ax0 * T.int64(4) + v_ax1) % T.int64(6)]

    @T.prim_func(private=True, s_tir=True)
    def take(a: T.Buffer((T.int64(3), T.int64(4)), "float32"), i: T.Buffer((T.int64(3),), "int64"), T_take: T.Buffer((T.int64(3), T.int64(3)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for ax0, ax1 in T.grid(T.int64(3), T.int64(3)):
            with T.sblock("T_take"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(a[v_ax0, i[v_ax1]], i[v_ax1])
                T.writes(T_take[v_ax0, v_ax1])
                T_take[v_ax0, v_ax1] = a[v_ax0, i[v_ax1]]

    @R.function
    def src(x: R.Tensor((2, 6), dtype="float32"), i: R.Tensor((3,), dtype="int64")) -> R.Tensor((3, 3), dtype="float32"):
        a: R.Tensor((3, 4), dtype="float32") = R.reshape(x, R.shape([3, 4]))
        b: R.Tensor((3, 3), dtype="float32") = R.take(a, i, axis=1, mode="fast")
        return b

    @R.function
    def tgt(x: R.Tensor((2, 6), dtype="float32"), i: R.Tensor((3,), dtype="int64")) -> R.Tensor((3, 3), dtype="float32"):
        cls = Module
        a = R.call_tir(cls.reshape, (x,), out_ty=R.Tensor((3, 4), dtype="float32"))
        b = R.call_tir(cls.take, (a, i), out_ty=R.Tensor((3, 3), dtype="float32"))
        return b