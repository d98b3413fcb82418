# R.reshape to an R.Shape(ndim=2) parameter: the target shape is a run-time value irverify does
# not model as an argument of reshape. A clear unsupported, naming the op and its line (it was
# an internal error: the result type's extents are the shape variable, not a shape expression).
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm 2>&1 | filecheck %s
# CHECK: reshape-to-shape-parameter-unsupported.srctgt.py:11:13: unsupported: op 'relax.reshape' (argument s not modelled)
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((4, 6), "float32"), s: R.Shape(ndim=2)) -> R.Tensor(ndim=2, dtype="float32"):
        y = R.reshape(x, s)
        return y

    @R.function
    def tgt(x: R.Tensor((4, 6), "float32"), s: R.Shape(ndim=2)) -> R.Tensor(ndim=2, dtype="float32"):
        y = R.reshape(x, s)
        return y
