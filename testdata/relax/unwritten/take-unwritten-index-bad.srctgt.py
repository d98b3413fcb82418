# An index nobody wrote is stale memory: any value, so the target (which leaves the last index
# unwritten where the source copies it) may read another element, or none (out of range: UB).
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def index_whole(i: T.Buffer((T.int64(3),), "int64"), out: T.Buffer((T.int64(3),), "int64")):
        for j in range(T.int64(3)):
            with T.sblock("copy"):
                vj = T.axis.spatial(T.int64(3), j)
                out[vj] = i[vj]

    @T.prim_func(private=True, s_tir=True)
    def index_part(i: T.Buffer((T.int64(3),), "int64"), out: T.Buffer((T.int64(3),), "int64")):
        for j in range(T.int64(2)):
            with T.sblock("copy"):
                vj = T.axis.spatial(T.int64(2), j)
                out[vj] = i[vj]

    @R.function
    def src(y: R.Tensor((2, 4), "float32"), i: R.Tensor((3,), "int64")) -> R.Tensor((2, 3), "float32"):
        cls = Module
        k = R.call_tir(cls.index_whole, (i,), out_ty=R.Tensor((3,), "int64"))
        b = R.take(y, k, axis=1, mode="clip")
        return b

    @R.function
    def tgt(y: R.Tensor((2, 4), "float32"), i: R.Tensor((3,), "int64")) -> R.Tensor((2, 3), "float32"):
        cls = Module
        k = R.call_tir(cls.index_part, (i,), out_ty=R.Tensor((3,), "int64"))
        b = R.take(y, k, axis=1, mode="clip")
        return b
