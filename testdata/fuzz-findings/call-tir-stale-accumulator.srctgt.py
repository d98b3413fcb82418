# Found by tools/fuzz.py (Relax arm, seed 6000, program 33): a max-reduction without T.init()
# starts from the output's stale memory; the target drops one summand. max(stale, m) was poison, so
# any target refined it (correct), but no stale value makes the source return less than m, which
# the target does (TVM: source 0.978, target 0.239). Stale memory is now an unknown but fixed
# value: the counterexample rests on the source's stale memory, so the verdict is unknown (never
# correct).
# REQUIRES: tvm
# RUN: %exit-code irverify check %s --no-confirm | filecheck %s
# CHECK: @src: unknown
# CHECK: verdict: unknown
# CHECK: exit: 4
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def src_f1(x0: T.Buffer((T.int64(6),), "float32"), y0: T.Buffer((T.int64(1),), "float32")):
        T.func_attr({"tirx.noalias": True})
        for i0 in T.unroll(T.int64(6)):
            with T.sblock("red"):
                v_k0 = T.axis.reduce(T.int64(6), i0)
                y0[T.int64(0)] = T.max(y0[T.int64(0)], T.min(x0[v_k0], x0[v_k0]))
    @R.function
    def src(a0: R.Tensor((6,), "float32")):
        cls = Module
        v3 = R.sin(a0)
        v6 = R.call_tir(cls.src_f1, (v3,), out_ty=R.Tensor((1,), "float32"))
        return v6

    @T.prim_func(private=True, s_tir=True)
    def tgt_f1(x0: T.Buffer((T.int64(6),), "float32"), y0: T.Buffer((T.int64(1),), "float32")):
        T.func_attr({"tirx.noalias": True})
        for i0 in T.unroll(T.int64(5)):
            with T.sblock("red"):
                v_k0 = T.axis.reduce(T.int64(5), i0)
                y0[T.int64(0)] = T.max(y0[T.int64(0)], T.min(x0[v_k0], x0[v_k0]))
    @R.function
    def tgt(a0: R.Tensor((6,), "float32")):
        cls = Module
        v3 = R.sin(a0)
        v6 = R.call_tir(cls.tgt_f1, (v3,), out_ty=R.Tensor((1,), "float32"))
        return v6
