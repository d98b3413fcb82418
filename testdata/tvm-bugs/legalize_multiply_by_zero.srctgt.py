# apache-tvm 0.27's LegalizeOps folds a float `R.multiply(a, R.const(0.0))` into the constant
# 0.0 (its PrimFunc stores `T.float32(0.0)` without reading `a`), which IEEE 754 makes -0.0 for
# a = -0.0 and NaN for a = NaN or +-inf. Built for llvm, R.multiply(a, 0.0) on
# [-0.0, nan, inf, -2.0] returns [0, 0, 0, 0] (numpy: [-0, nan, nan, -0]).
#
# The target is what LegalizeOps prints for the source. irverify's semantics of R.multiply are
# IEEE's: without execution the pair is incorrect (NaN, or -0.0, against 0.0); with
# execution the verdict is unknown, the oracles disagreeing (TVM compiles the source through the
# same fold, so execution shows no difference). Found by irverify's Relax fuzzer (seed 6000,
# program 888); docs/findings.md T7.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s --check-prefix=BARE
# BARE: Source value: {{nan|-0.0}}
# BARE: Target value: 0.0 (0x00000000)
# BARE: verdict: incorrect
# RUN: not irverify check %s | filecheck %s --check-prefix=EXEC
# EXEC: the oracles disagree at result #0[0]: irverify's reference semantics say source -0.0, target 0.0; TVM llvm executing both programs says source 0.0, target 0.0
# EXEC: verdict: unknown
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def multiply(a: T.Buffer((T.int64(4),), "float32"), T_multiply: T.Buffer((T.int64(4),), "float32")):
        T.func_attr({"tirx.noalias": True})
        for ax0 in range(T.int64(4)):
            with T.sblock("T_multiply"):
                v_ax0 = T.axis.spatial(T.int64(4), ax0)
                T.reads()
                T.writes(T_multiply[v_ax0])
                T_multiply[v_ax0] = T.float32(0.0)

    @R.function
    def src(a: R.Tensor((4,), "float32")):
        return R.multiply(a, R.const(0.0, "float32"))

    @R.function
    def tgt(a: R.Tensor((4,), "float32")):
        cls = Module
        gv = R.call_tir(cls.multiply, (a,), out_ty=R.Tensor((4,), "float32"))
        return gv
