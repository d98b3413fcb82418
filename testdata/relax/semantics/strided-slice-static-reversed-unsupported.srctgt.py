# A reversed static range (2 to 4 by -1) is typed with extent -2 and TVM refuses to compile it:
# irverify says unsupported and names it (the target differs by a dead op, so that it is encoded:
# a program the rewrite left unchanged is correct without being encoded).
# REQUIRES: tvm
# RUN: %exit-code irverify check %s --no-confirm | filecheck %s
# CHECK: @src: unsupported
# CHECK: the range is reversed and TVM does not compile it
# CHECK: exit: 3
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((6,), "float32")):
        return R.strided_slice(x, axes=[0], begin=[2], end=[4], strides=[-1])

    @R.function
    def tgt(x: R.Tensor((6,), "float32")):
        unused = R.add(x, x)
        return R.strided_slice(x, axes=[0], begin=[2], end=[4], strides=[-1])
