# The same PrimFunc against the reading that runs T.init() at every point because the block has
# no reduction loop: x + 0. TVM's lowering never runs the init here (x + 5).
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: incorrect
# CHECK: verdict: incorrect
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def acc(x: T.Buffer((T.int64(4),), "float32"), out: T.Buffer((T.int64(4),), "float32")):
        for i in range(T.int64(4)):
            with T.sblock("fill"):
                vi = T.axis.spatial(T.int64(4), i)
                out[vi] = T.float32(5.0)
        for i in range(T.int64(4)):
            with T.sblock("acc"):
                vi = T.axis.spatial(T.int64(4), i)
                vk = T.axis.reduce(T.int64(2), T.int64(1))
                with T.init():
                    out[vi] = T.float32(0.0)
                out[vi] = out[vi] + x[vi]

    @R.function
    def src(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        b = R.add(x, R.const(0.0, "float32"))
        return b

    @R.function
    def tgt(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        cls = Module
        b = R.call_tir(cls.acc, (x,), out_ty=R.Tensor((4,), "float32"))
        return b
