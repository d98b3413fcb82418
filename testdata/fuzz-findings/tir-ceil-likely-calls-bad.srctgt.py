# The twin of tir-ceil-likely-calls.srctgt.py whose PrimFunc skips the last element (writes 0.0
# there), so T.ceil and T.likely are interpreted, not only accepted.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def ceil(x: T.Buffer((T.int64(4),), "float32"), y: T.Buffer((T.int64(4),), "float32")):
        T.func_attr({"tirx.noalias": True})
        for i in T.serial(T.int64(4)):
            with T.sblock("ceil"):
                vi = T.axis.remap("S", [i])
                y[vi] = T.if_then_else(T.likely(vi < T.int64(3)), T.ceil(x[vi]), T.float32(0.0))

    @R.function
    def src(a: R.Tensor((4,), "float32")):
        return R.ceil(a)

    @R.function
    def tgt(a: R.Tensor((4,), "float32")):
        cls = Module
        y = R.call_tir(cls.ceil, (a,), out_ty=R.Tensor((4,), "float32"))
        return y
