# R.nn.rms_norm over 4 elements against its legalised PrimFunc dividing the sum of squares by 3
# instead of 4: incorrect, confirmed by running both on TVM llvm.
# REQUIRES: tvm
# RUN: not irverify check %s --timeout 5 | filecheck %s
# CHECK: @src: incorrect
# CHECK: confirmed: true (TVM llvm)
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def rms_norm(x: T.Buffer((T.int64(2), T.int64(4)), "float32"), weight: T.Buffer((T.int64(4),), "float32"), T_cast: T.Buffer((T.int64(2), T.int64(4)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        T_cast_1 = T.sblock_alloc_buffer((T.int64(2), T.int64(4)))
        T_multiply = T.sblock_alloc_buffer((T.int64(2), T.int64(4)))
        T_multiply_red = T.sblock_alloc_buffer((T.int64(2),))
        rsqrt = T.sblock_alloc_buffer((T.int64(2),))
        T_cast_2 = T.sblock_alloc_buffer((T.int64(4),))
        T_rms_norm = T.sblock_alloc_buffer((T.int64(2), T.int64(4)))
        for ax0, ax1 in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("T_cast"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(x[v_ax0, v_ax1])
                T.writes(T_cast_1[v_ax0, v_ax1])
                T_cast_1[v_ax0, v_ax1] = x[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("T_multiply"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_cast_1[v_ax0, v_ax1])
                T.writes(T_multiply[v_ax0, v_ax1])
                T_multiply[v_ax0, v_ax1] = T_cast_1[v_ax0, v_ax1] * T_cast_1[v_ax0, v_ax1]
        for ax0, k1 in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("T_multiply_red"):
                v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
                T.reads(T_multiply[v_ax0, v_k1])
                T.writes(T_multiply_red[v_ax0])
                with T.init():
                    T_multiply_red[v_ax0] = T.float32(0.0)
                T_multiply_red[v_ax0] = T_multiply_red[v_ax0] + T_multiply[v_ax0, v_k1]
        for ax0 in range(T.int64(2)):
            with T.sblock("rsqrt"):
                v_ax0 = T.axis.spatial(T.int64(2), ax0)
                T.reads(T_multiply_red[v_ax0])
                T.writes(rsqrt[v_ax0])
                rsqrt[v_ax0] = T.rsqrt(T_multiply_red[v_ax0] / T.float32(3.0) + T.float32(1.0000000000000001e-05))
        for ax0 in range(T.int64(4)):
            with T.sblock("T_cast_1"):
                v_ax0 = T.axis.spatial(T.int64(4), ax0)
                T.reads(weight[v_ax0])
                T.writes(T_cast_2[v_ax0])
                T_cast_2[v_ax0] = weight[v_ax0]
        for ax0, ax1 in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("T_rms_norm"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(rsqrt[v_ax0], T_cast_1[v_ax0, v_ax1], T_cast_2[v_ax1])
                T.writes(T_rms_norm[v_ax0, v_ax1])
                T_rms_norm[v_ax0, v_ax1] = rsqrt[v_ax0] * T_cast_1[v_ax0, v_ax1] * T_cast_2[v_ax1]
        for ax0, ax1 in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("T_cast_2"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_rms_norm[v_ax0, v_ax1])
                T.writes(T_cast[v_ax0, v_ax1])
                T_cast[v_ax0, v_ax1] = T_rms_norm[v_ax0, v_ax1]

    @R.function
    def src(x: R.Tensor((2, 4), "float32"), weight: R.Tensor((4,), "float32")) -> R.Tensor((2, 4), "float32"):
        with R.dataflow():
            out = R.nn.rms_norm(x, weight, axes=[-1], epsilon=1e-5)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 4), dtype="float32"), weight: R.Tensor((4,), dtype="float32")) -> R.Tensor((2, 4), dtype="float32"):
        cls = Module
        with R.dataflow():
            out = R.call_tir(cls.rms_norm, (x, weight), out_ty=R.Tensor((2, 4), dtype="float32"))
            R.output(out)
        return out
