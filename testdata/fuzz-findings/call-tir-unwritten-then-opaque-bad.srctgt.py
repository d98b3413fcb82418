# Found by tools/fuzz.py (Relax arm): the source's PrimFunc sets all 6 elements of its output (0,
# then the 4 inputs); the target's writes only the first 4 and leaves elements 4 and 5 unwritten
# (TVM returns stale memory there: the fuzzer's execution variants, which start the output from
# different sentinels, give the target different values where the source gives one).
# It was reported correct when the opaque op dropped the mark. The opaque op is keyed on its
# whole operand, poison elements included, so the honest answer without execution is unknown
# (irverify does not model leakyrelu's values): never correct. (The case was found with R.nn.gelu,
# opaque then; leakyrelu keeps the op opaque.)
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: verdict: unknown
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def src_f0(x0: T.Buffer((T.int64(4),), "float32"), y0: T.Buffer((T.int64(6),), "float32")):
        T.func_attr({"tirx.noalias": True})
        for z0 in T.serial(T.int64(6)):
            with T.sblock("fill_y0"):
                v_z0 = T.axis.spatial(T.int64(6), z0)
                y0[v_z0] = T.float32(0.0)
        for i0 in T.serial(T.int64(4)):
            with T.sblock("map"):
                v_i0 = T.axis.spatial(T.int64(4), i0)
                y0[v_i0] = x0[v_i0]

    @R.function
    def src(a0: R.Tensor((4,), "float32")):
        cls = Module
        v1 = R.call_tir(cls.src_f0, (a0,), out_ty=R.Tensor((6,), "float32"))
        v2 = R.nn.leakyrelu(v1, alpha=0.25)
        return v2

    @T.prim_func(private=True, s_tir=True)
    def tgt_f0(x0: T.Buffer((T.int64(4),), "float32"), y0: T.Buffer((T.int64(6),), "float32")):
        T.func_attr({"tirx.noalias": True})
        for i0 in T.serial(T.int64(4)):
            with T.sblock("map"):
                v_i0 = T.axis.spatial(T.int64(4), i0)
                y0[v_i0] = x0[v_i0]

    @R.function
    def tgt(a0: R.Tensor((4,), "float32")):
        cls = Module
        v1 = R.call_tir(cls.tgt_f0, (a0,), out_ty=R.Tensor((6,), "float32"))
        v2 = R.nn.leakyrelu(v1, alpha=0.25)
        return v2
