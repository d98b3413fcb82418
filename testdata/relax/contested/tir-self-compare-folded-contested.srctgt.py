# tir-self-compare-folded-contested-bad under the other reading: with --tir-self-compare=fold
# (x == x is true, as TVM's simplifier folds it) the fold is correct; the verdict names the
# reading it rests on.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm --tir-self-compare=fold | filecheck %s
# CHECK: @src: correct
# CHECK: assumption: --tir-self-compare=fold: {{.*}} (under --tir-self-compare=ieee: incorrect)
# CHECK: verdict: correct
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def self_eq(a: T.Buffer((T.int64(4),), "float32"), out: T.Buffer((T.int64(4),), "bool")):
        for i in range(T.int64(4)):
            with T.sblock("eq"):
                vi = T.axis.remap("S", [i])
                out[vi] = a[vi] == a[vi]

    @T.prim_func(private=True, s_tir=True)
    def all_true(a: T.Buffer((T.int64(4),), "float32"), out: T.Buffer((T.int64(4),), "bool")):
        for i in range(T.int64(4)):
            with T.sblock("eq"):
                vi = T.axis.remap("S", [i])
                out[vi] = T.bool(True)

    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "bool"):
        cls = Module
        y = R.call_tir(cls.self_eq, (x,), out_ty=R.Tensor((4,), "bool"))
        return y

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "bool"):
        cls = Module
        y = R.call_tir(cls.all_true, (x,), out_ty=R.Tensor((4,), "bool"))
        return y
