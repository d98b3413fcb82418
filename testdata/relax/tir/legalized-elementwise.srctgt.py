# R.add with broadcasting, R.exp and R.maximum against the PrimFuncs LegalizeOps makes of them.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def add(x: T.Buffer((T.int64(2), T.int64(3)), "float32"), y: T.Buffer((T.int64(3),), "float32"), T_add: T.Buffer((T.int64(2), T.int64(3)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("T_add"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(x[v_ax0, v_ax1], y[v_ax1])
                T.writes(T_add[v_ax0, v_ax1])
                T_add[v_ax0, v_ax1] = x[v_ax0, v_ax1] + y[v_ax1]

    @T.prim_func(private=True, s_tir=True)
    def maximum(b: T.Buffer((T.int64(2), T.int64(3)), "float32"), x: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_maximum: T.Buffer((T.int64(2), T.int64(3)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("T_maximum"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(b[v_ax0, v_ax1], x[v_ax0, v_ax1])
                T.writes(T_maximum[v_ax0, v_ax1])
                T_maximum[v_ax0, v_ax1] = T.max(b[v_ax0, v_ax1], x[v_ax0, v_ax1])

    @T.prim_func(private=True, s_tir=True)
    def tir_exp(a: T.Buffer((T.int64(2), T.int64(3)), "float32"), compute: T.Buffer((T.int64(2), T.int64(3)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for i0, i1 in T.grid(T.int64(2), T.int64(3)):
            with T.sblock("compute"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(a[v_i0, v_i1])
                T.writes(compute[v_i0, v_i1])
                compute[v_i0, v_i1] = T.exp(a[v_i0, v_i1])

    @R.function
    def src(x: R.Tensor((2, 3), dtype="float32"), y: R.Tensor((3,), dtype="float32")) -> R.Tensor((2, 3), dtype="float32"):
        a: R.Tensor((2, 3), dtype="float32") = R.add(x, y)
        b: R.Tensor((2, 3), dtype="float32") = R.exp(a)
        c: R.Tensor((2, 3), dtype="float32") = R.maximum(b, x)
        return c

    @R.function
    def tgt(x: R.Tensor((2, 3), dtype="float32"), y: R.Tensor((3,), dtype="float32")) -> R.Tensor((2, 3), dtype="float32"):
        cls = Module
        a = R.call_tir(cls.add, (x, y), out_ty=R.Tensor((2, 3), dtype="float32"))
        b = R.call_tir(cls.tir_exp, (a,), out_ty=R.Tensor((2, 3), dtype="float32"))
        c = R.call_tir(cls.maximum, (b, x), out_ty=R.Tensor((2, 3), dtype="float32"))
        return c