# A call_tir irverify keeps opaque (T.exp2 is not translated) is an uninterpreted function of its
# operands and of the extents its out_ty states: 'fill' writes exp2(n) where n is its output's
# extent, so out_ty (8,) sliced to 4 elements is not out_ty (4,): TVM llvm returns 16 and 256
# (tests/semantics/test_relax_opaque.py). Not correct; unknown, as the counterexample rests on
# the uninterpreted function.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: unknown
# CHECK: opaque op 'relax.call_tir'
# CHECK: verdict: unknown
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def fill(x: T.Buffer((T.int64(4),), "float32"), var_out: T.handle):
        n = T.int64()
        out = T.match_buffer(var_out, (n,), "float32")
        for i in range(n):
            with T.sblock("fill"):
                vi = T.axis.spatial(n, i)
                out[vi] = T.exp2(T.Cast("float32", n))

    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        cls = Module
        a = R.call_tir(cls.fill, (x,), out_ty=R.Tensor((4,), "float32"))
        return a

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        cls = Module
        a = R.call_tir(cls.fill, (x,), out_ty=R.Tensor((8,), "float32"))
        b = R.strided_slice(a, axes=[0], begin=[0], end=[4])
        return b
