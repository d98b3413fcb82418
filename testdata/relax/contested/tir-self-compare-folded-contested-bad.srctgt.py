# TVM's arithmetic simplifier folds a float 'A[i] == A[i]' to True; the llvm backend computes
# the ordered comparison 'fcmp oeq', false where A[i] is NaN. By default irverify reads TIR's
# '==' as the backend computes it, so the fold changes the result on a NaN; the verdict names
# the reading it rests on and what the other reading gives.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK: assumption: --tir-self-compare=ieee: {{.*}} (under --tir-self-compare=fold: correct)
# CHECK: verdict: incorrect
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
