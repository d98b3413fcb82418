# R.nn.rms_norm of float64 against its legalised PrimFunc: the squares are summed in float32 (x
# rounded to float32 first), while eps, rsqrt and the products are float64 (TVM's type promotion
# of the float64 epsilon).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
n = TypeVar("n")
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def rms_norm(x: T.Buffer((n, T.int64(5)), "float64"), weight: T.Buffer((T.int64(5),), "float64"), T_cast: T.Buffer((n, T.int64(5)), "float64")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        T_cast_1 = T.sblock_alloc_buffer((n, T.int64(5)))
        T_multiply = T.sblock_alloc_buffer((n, T.int64(5)))
        T_multiply_red = T.sblock_alloc_buffer((n,))
        rsqrt = T.sblock_alloc_buffer((n,), "float64")
        T_cast_2 = T.sblock_alloc_buffer((T.int64(5),))
        T_rms_norm = T.sblock_alloc_buffer((n, T.int64(5)), "float64")
        for ax0, ax1 in T.grid(n, T.int64(5)):
            with T.sblock("T_cast"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(x[v_ax0, v_ax1])
                T.writes(T_cast_1[v_ax0, v_ax1])
                T_cast_1[v_ax0, v_ax1] = T.Cast("float32", x[v_ax0, v_ax1])
        for ax0, ax1 in T.grid(n, T.int64(5)):
            with T.sblock("T_multiply"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_cast_1[v_ax0, v_ax1])
                T.writes(T_multiply[v_ax0, v_ax1])
                T_multiply[v_ax0, v_ax1] = T_cast_1[v_ax0, v_ax1] * T_cast_1[v_ax0, v_ax1]
        for ax0, k1 in T.grid(n, T.int64(5)):
            with T.sblock("T_multiply_red"):
                v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
                T.reads(T_multiply[v_ax0, v_k1])
                T.writes(T_multiply_red[v_ax0])
                with T.init():
                    T_multiply_red[v_ax0] = T.float32(0.0)
                T_multiply_red[v_ax0] = T_multiply_red[v_ax0] + T_multiply[v_ax0, v_k1]
        for ax0 in range(n):
            with T.sblock("rsqrt"):
                v_ax0 = T.axis.spatial(n, ax0)
                T.reads(T_multiply_red[v_ax0])
                T.writes(rsqrt[v_ax0])
                rsqrt[v_ax0] = T.rsqrt(T.Cast("float64", T_multiply_red[v_ax0] / T.float32(5.0)) + T.float64(9.9999999999999995e-07))
        for ax0 in range(T.int64(5)):
            with T.sblock("T_cast_1"):
                v_ax0 = T.axis.spatial(T.int64(5), ax0)
                T.reads(weight[v_ax0])
                T.writes(T_cast_2[v_ax0])
                T_cast_2[v_ax0] = T.Cast("float32", weight[v_ax0])
        for ax0, ax1 in T.grid(n, T.int64(5)):
            with T.sblock("T_rms_norm"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(rsqrt[v_ax0], T_cast_1[v_ax0, v_ax1], T_cast_2[v_ax1])
                T.writes(T_rms_norm[v_ax0, v_ax1])
                T_rms_norm[v_ax0, v_ax1] = rsqrt[v_ax0] * T.Cast("float64", T_cast_1[v_ax0, v_ax1]) * T.Cast("float64", T_cast_2[v_ax1])
        for ax0, ax1 in T.grid(n, T.int64(5)):
            with T.sblock("T_cast_2"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_rms_norm[v_ax0, v_ax1])
                T.writes(T_cast[v_ax0, v_ax1])
                T_cast[v_ax0, v_ax1] = T_rms_norm[v_ax0, v_ax1]

    @R.function
    def src(x: R.Tensor(("n", 5), "float64"), weight: R.Tensor((5,), "float64")) -> R.Tensor(("n", 5), "float64"):
        with R.dataflow():
            out = R.nn.rms_norm(x, weight, axes=[-1], epsilon=1e-6)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((n, 5), dtype="float64"), weight: R.Tensor((5,), dtype="float64")) -> R.Tensor((n, 5), dtype="float64"):
        cls = Module
        with R.dataflow():
            out = R.call_tir(cls.rms_norm, (x, weight), out_ty=R.Tensor((n, 5), dtype="float64"))
            R.output(out)
        return out
