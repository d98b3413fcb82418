# Found by tools/fuzz.py (Relax arm): in apache-tvm 0.27, T.ceil and T.likely parse to the ops
# prim.ceil and prim.likely (T.floor, T.exp, ... stay tirx.*), which frontends/relax/tir.py's
# PURE_CALLS did not list, so a call_tir of a PrimFunc using them was unsupported ("call of
# prim.ceil"), including what TVM's own LegalizeOps emits for R.ceil. Both are pure; the call is
# R.ceil's own function, so this is correct (the -bad twin rounds up one element less).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: verdict: correct
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def ceil(x: T.Buffer((T.int64(4),), "float32"), y: T.Buffer((T.int64(4),), "float32")):
        T.func_attr({"tirx.noalias": True})
        for i in T.serial(T.int64(4)):
            with T.sblock("ceil"):
                vi = T.axis.remap("S", [i])
                y[vi] = T.if_then_else(T.likely(vi < T.int64(4)), T.ceil(x[vi]), T.float32(0.0))

    @R.function
    def src(a: R.Tensor((4,), "float32")):
        return R.ceil(a)

    @R.function
    def tgt(a: R.Tensor((4,), "float32")):
        cls = Module
        y = R.call_tir(cls.ceil, (a,), out_ty=R.Tensor((4,), "float32"))
        return y
