# R.nn.gelu of float16 against its legalised PrimFunc: erf is computed in float32 (a cast to float32
# before it and back to float16 after it), every other step in float16.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def gelu(x: T.Buffer((T.int64(2), T.int64(3)), "float16"), T_multiply: T.Buffer((T.int64(2), T.int64(3)), "float16")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        T_multiply_1 = T.sblock_alloc_buffer((T.int64(2), T.int64(3)), "float16")
        compute = T.sblock_alloc_buffer((T.int64(2), T.int64(3)))
        compute_1 = T.sblock_alloc_buffer((T.int64(2), T.int64(3)))
        compute_2 = T.sblock_alloc_buffer((T.int64(2), T.int64(3)), "float16")
        T_multiply_2 = T.sblock_alloc_buffer((T.int64(2), T.int64(3)), "float16")
        T_add = T.sblock_alloc_buffer((T.int64(2), T.int64(3)), "float16")
        for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("T_multiply"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(x[v_ax0, v_ax1])
                T.writes(T_multiply_1[v_ax0, v_ax1])
                T_multiply_1[v_ax0, v_ax1] = x[v_ax0, v_ax1] * T.float16(0.70710678118654757)
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("compute"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(T_multiply_1[v_i0, v_i1])
                T.writes(compute[v_i0, v_i1])
                compute[v_i0, v_i1] = T.Cast("float32", T_multiply_1[v_i0, v_i1])
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("compute_1"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(compute[v_i0, v_i1])
                T.writes(compute_1[v_i0, v_i1])
                compute_1[v_i0, v_i1] = T.erf(compute[v_i0, v_i1])
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("compute_2"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(compute_1[v_i0, v_i1])
                T.writes(compute_2[v_i0, v_i1])
                compute_2[v_i0, v_i1] = T.Cast("float16", compute_1[v_i0, v_i1])
        for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("T_multiply_1"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(compute_2[v_ax0, v_ax1])
                T.writes(T_multiply_2[v_ax0, v_ax1])
                T_multiply_2[v_ax0, v_ax1] = compute_2[v_ax0, v_ax1] * T.float16(0.5)
        for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("T_add"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_multiply_2[v_ax0, v_ax1])
                T.writes(T_add[v_ax0, v_ax1])
                T_add[v_ax0, v_ax1] = T.float16(0.5) + T_multiply_2[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("T_multiply_2"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(x[v_ax0, v_ax1], T_add[v_ax0, v_ax1])
                T.writes(T_multiply[v_ax0, v_ax1])
                T_multiply[v_ax0, v_ax1] = x[v_ax0, v_ax1] * T_add[v_ax0, v_ax1]

    @R.function
    def src(x: R.Tensor((2, 3), "float16")) -> R.Tensor((2, 3), "float16"):
        with R.dataflow():
            out = R.nn.gelu(x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 3), dtype="float16")) -> R.Tensor((2, 3), dtype="float16"):
        cls = Module
        with R.dataflow():
            out = R.call_tir(cls.gelu, (x,), out_ty=R.Tensor((2, 3), dtype="float16"))
            R.output(out)
        return out
