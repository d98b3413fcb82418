# The legalised int32 sum starting from 1 instead of 0 (T.init()): every sum is off by one.
# TVM llvm confirms it (irverify check without --no-confirm: confirmed: true).
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def sum(x: T.Buffer((T.int64(2), T.int64(3)), "int32"), x_red: T.Buffer((T.int64(2),), "int32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for ax0, k1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("x_red"):
                v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
                T.reads(x[v_ax0, v_k1])
                T.writes(x_red[v_ax0])
                with T.init():
                    x_red[v_ax0] = 1
                x_red[v_ax0] = x_red[v_ax0] + x[v_ax0, v_k1]

    @R.function
    def src(x: R.Tensor((2, 3), dtype="int32")) -> R.Tensor((2,), dtype="int32"):
        b: R.Tensor((2,), dtype="int32") = R.sum(x, axis=[1], keepdims=False)
        return b

    @R.function
    def tgt(x: R.Tensor((2, 3), dtype="int32")) -> R.Tensor((2,), dtype="int32"):
        cls = Module
        b = R.call_tir(cls.sum, (x,), out_ty=R.Tensor((2,), dtype="int32"))
        return b