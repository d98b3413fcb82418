# R.nn.gelu_tanh (float32, a symbolic extent) against its legalised PrimFunc:
# (0.5 * x) * (1 + tanh((sqrt(2 / pi) * x) * (1 + (0.044715 * x) * x))).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
n = TypeVar("n")
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def gelu_tanh(x: T.Buffer((n, T.int64(4)), "float32"), T_multiply: T.Buffer((n, T.int64(4)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        T_multiply_1 = T.sblock_alloc_buffer((n, T.int64(4)))
        T_multiply_2 = T.sblock_alloc_buffer((n, T.int64(4)))
        T_multiply_3 = T.sblock_alloc_buffer((n, T.int64(4)))
        T_multiply_4 = T.sblock_alloc_buffer((n, T.int64(4)))
        T_add = T.sblock_alloc_buffer((n, T.int64(4)))
        T_multiply_5 = T.sblock_alloc_buffer((n, T.int64(4)))
        compute = T.sblock_alloc_buffer((n, T.int64(4)))
        T_add_1 = T.sblock_alloc_buffer((n, T.int64(4)))
        for ax0, ax1 in T.grid(n, T.int64(4)):
            with T.sblock("T_multiply"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(x[v_ax0, v_ax1])
                T.writes(T_multiply_1[v_ax0, v_ax1])
                T_multiply_1[v_ax0, v_ax1] = T.float32(0.5) * x[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(n, T.int64(4)):
            with T.sblock("T_multiply_1"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(x[v_ax0, v_ax1])
                T.writes(T_multiply_2[v_ax0, v_ax1])
                T_multiply_2[v_ax0, v_ax1] = T.float32(0.79788456080286541) * x[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(n, T.int64(4)):
            with T.sblock("T_multiply_2"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(x[v_ax0, v_ax1])
                T.writes(T_multiply_3[v_ax0, v_ax1])
                T_multiply_3[v_ax0, v_ax1] = T.float32(0.044714999999999998) * x[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(n, T.int64(4)):
            with T.sblock("T_multiply_3"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_multiply_3[v_ax0, v_ax1], x[v_ax0, v_ax1])
                T.writes(T_multiply_4[v_ax0, v_ax1])
                T_multiply_4[v_ax0, v_ax1] = T_multiply_3[v_ax0, v_ax1] * x[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(n, T.int64(4)):
            with T.sblock("T_add"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_multiply_4[v_ax0, v_ax1])
                T.writes(T_add[v_ax0, v_ax1])
                T_add[v_ax0, v_ax1] = T.float32(1.0) + T_multiply_4[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(n, T.int64(4)):
            with T.sblock("T_multiply_4"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_multiply_2[v_ax0, v_ax1], T_add[v_ax0, v_ax1])
                T.writes(T_multiply_5[v_ax0, v_ax1])
                T_multiply_5[v_ax0, v_ax1] = T_multiply_2[v_ax0, v_ax1] * T_add[v_ax0, v_ax1]
        for i0, i1 in T.grid(n, T.int64(4)):
            with T.sblock("compute"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(T_multiply_5[v_i0, v_i1])
                T.writes(compute[v_i0, v_i1])
                compute[v_i0, v_i1] = T.tanh(T_multiply_5[v_i0, v_i1])
        for ax0, ax1 in T.grid(n, T.int64(4)):
            with T.sblock("T_add_1"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(compute[v_ax0, v_ax1])
                T.writes(T_add_1[v_ax0, v_ax1])
                T_add_1[v_ax0, v_ax1] = T.float32(1.0) + compute[v_ax0, v_ax1]
        for ax0, ax1 in T.grid(n, T.int64(4)):
            with T.sblock("T_multiply_5"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_multiply_1[v_ax0, v_ax1], T_add_1[v_ax0, v_ax1])
                T.writes(T_multiply[v_ax0, v_ax1])
                T_multiply[v_ax0, v_ax1] = T_multiply_1[v_ax0, v_ax1] * T_add_1[v_ax0, v_ax1]

    @R.function
    def src(x: R.Tensor(("n", 4), "float32")) -> R.Tensor(("n", 4), "float32"):
        with R.dataflow():
            out = R.nn.gelu_tanh(x)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((n, 4), dtype="float32")) -> R.Tensor((n, 4), dtype="float32"):
        cls = Module
        with R.dataflow():
            out = R.call_tir(cls.gelu_tanh, (x,), out_ty=R.Tensor((n, 4), dtype="float32"))
            R.output(out)
        return out
