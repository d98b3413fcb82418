# R.matmul, R.sum and R.max against their legalised PrimFuncs (T.init() reductions folded in loop order).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def matmul(x: T.Buffer((T.int64(2), T.int64(3)), "float32"), w: T.Buffer((T.int64(3), T.int64(4)), "float32"), matmul: T.Buffer((T.int64(2), T.int64(4)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for i0, i1, k in T.grid(T.int64(2), T.int64(4), T.int64(3)):
            with T.sblock("matmul"):
                v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
                T.reads(x[v_i0, v_k], w[v_k, v_i1])
                T.writes(matmul[v_i0, v_i1])
                with T.init():
                    matmul[v_i0, v_i1] = T.float32(0.0)
                matmul[v_i0, v_i1] = matmul[v_i0, v_i1] + x[v_i0, v_k] * w[v_k, v_i1]

    @T.prim_func(private=True, s_tir=True)
    def max(a: T.Buffer((T.int64(2), T.int64(4)), "float32"), a_red: T.Buffer((T.int64(4),), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for ax0, k0 in T.grid(T.int64(4), T.int64(2)):
            with T.sblock("a_red"):
                v_ax0, v_k0 = T.axis.remap("SR", [ax0, k0])
                T.reads(a[v_k0, v_ax0])
                T.writes(a_red[v_ax0])
                with T.init():
                    a_red[v_ax0] = T.float32(-340282346638528859811704183484516925440.0)
                a_red[v_ax0] = T.max(a_red[v_ax0], a[v_k0, v_ax0])

    @T.prim_func(private=True, s_tir=True)
    def sum(a: T.Buffer((T.int64(2), T.int64(4)), "float32"), a_red: T.Buffer((T.int64(2),), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for ax0, k1 in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("a_red"):
                v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
                T.reads(a[v_ax0, v_k1])
                T.writes(a_red[v_ax0])
                with T.init():
                    a_red[v_ax0] = T.float32(0.0)
                a_red[v_ax0] = a_red[v_ax0] + a[v_ax0, v_k1]

    @R.function
    def src(x: R.Tensor((2, 3), dtype="float32"), w: R.Tensor((3, 4), dtype="float32")) -> R.Tuple(R.Tensor((2,), dtype="float32"), R.Tensor((4,), dtype="float32")):
        a: R.Tensor((2, 4), dtype="float32") = R.matmul(x, w, out_dtype=None)
        b: R.Tensor((2,), dtype="float32") = R.sum(a, axis=[1], keepdims=False)
        c: R.Tensor((4,), dtype="float32") = R.max(a, axis=[0], keepdims=False)
        return (b, c)

    @R.function
    def tgt(x: R.Tensor((2, 3), dtype="float32"), w: R.Tensor((3, 4), dtype="float32")) -> R.Tuple(R.Tensor((2,), dtype="float32"), R.Tensor((4,), dtype="float32")):
        cls = Module
        a = R.call_tir(cls.matmul, (x, w), out_ty=R.Tensor((2, 4), dtype="float32"))
        b = R.call_tir(cls.sum, (a,), out_ty=R.Tensor((2,), dtype="float32"))
        c = R.call_tir(cls.max, (a,), out_ty=R.Tensor((4,), dtype="float32"))
        return (b, c)