# R.nn.rms_norm of float16 against its legalised PrimFunc: x and the weight converted to float32,
# rsqrt(sum(x * x) / 4 + eps) * x * weight in float32, rounded back to float16.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def rms_norm(x: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float16"), weight: T.Buffer((T.int64(4),), "float16"), T_cast: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float16")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        T_cast_1 = T.sblock_alloc_buffer((T.int64(2), T.int64(3), T.int64(4)))
        T_multiply = T.sblock_alloc_buffer((T.int64(2), T.int64(3), T.int64(4)))
        T_multiply_red = T.sblock_alloc_buffer((T.int64(2), T.int64(3)))
        rsqrt = T.sblock_alloc_buffer((T.int64(2), T.int64(3)))
        T_cast_2 = T.sblock_alloc_buffer((T.int64(4),))
        T_rms_norm = T.sblock_alloc_buffer((T.int64(2), T.int64(3), T.int64(4)))
        for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
            with T.sblock("T_cast"):
                v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
                T.reads(x[v_ax0, v_ax1, v_ax2])
                T.writes(T_cast_1[v_ax0, v_ax1, v_ax2])
                T_cast_1[v_ax0, v_ax1, v_ax2] = T.Cast("float32", x[v_ax0, v_ax1, v_ax2])
        for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
            with T.sblock("T_multiply"):
                v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
                T.reads(T_cast_1[v_ax0, v_ax1, v_ax2])
                T.writes(T_multiply[v_ax0, v_ax1, v_ax2])
                T_multiply[v_ax0, v_ax1, v_ax2] = T_cast_1[v_ax0, v_ax1, v_ax2] * T_cast_1[v_ax0, v_ax1, v_ax2]
        for ax0, ax1, k2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
            with T.sblock("T_multiply_red"):
                v_ax0, v_ax1, v_k2 = T.axis.remap("SSR", [ax0, ax1, k2])
                T.reads(T_multiply[v_ax0, v_ax1, v_k2])
                T.writes(T_multiply_red[v_ax0, v_ax1])
                with T.init():
                    T_multiply_red[v_ax0, v_ax1] = T.float32(0.0)
                T_multiply_red[v_ax0, v_ax1] = T_multiply_red[v_ax0, v_ax1] + T_multiply[v_ax0, v_ax1, v_k2]
        for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("rsqrt"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_multiply_red[v_ax0, v_ax1])
                T.writes(rsqrt[v_ax0, v_ax1])
                rsqrt[v_ax0, v_ax1] = T.rsqrt(T_multiply_red[v_ax0, v_ax1] / T.float32(4.0) + T.float32(1.0000000000000001e-05))
        for ax0 in range(T.int64(4)):
            with T.sblock("T_cast_1"):
                v_ax0 = T.axis.spatial(T.int64(4), ax0)
                T.reads(weight[v_ax0])
                T.writes(T_cast_2[v_ax0])
                T_cast_2[v_ax0] = T.Cast("float32", weight[v_ax0])
        for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
            with T.sblock("T_rms_norm"):
                v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
                T.reads(rsqrt[v_ax0, v_ax1], T_cast_1[v_ax0, v_ax1, v_ax2], T_cast_2[v_ax2])
                T.writes(T_rms_norm[v_ax0, v_ax1, v_ax2])
                T_rms_norm[v_ax0, v_ax1, v_ax2] = rsqrt[v_ax0, v_ax1] * T_cast_1[v_ax0, v_ax1, v_ax2] * T_cast_2[v_ax2]
        for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
            with T.sblock("T_cast_2"):
                v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
                T.reads(T_rms_norm[v_ax0, v_ax1, v_ax2])
                T.writes(T_cast[v_ax0, v_ax1, v_ax2])
                T_cast[v_ax0, v_ax1, v_ax2] = T.Cast("float16", T_rms_norm[v_ax0, v_ax1, v_ax2])

    @R.function
    def src(x: R.Tensor((2, 3, 4), "float16"), weight: R.Tensor((4,), "float16")) -> R.Tensor((2, 3, 4), "float16"):
        with R.dataflow():
            out = R.nn.rms_norm(x, weight, axes=[-1], epsilon=1e-5)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 3, 4), dtype="float16"), weight: R.Tensor((4,), dtype="float16")) -> R.Tensor((2, 3, 4), dtype="float16"):
        cls = Module
        with R.dataflow():
            out = R.call_tir(cls.rms_norm, (x, weight), out_ty=R.Tensor((2, 3, 4), dtype="float16"))
            R.output(out)
        return out
