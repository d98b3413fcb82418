# An If whose value is an opaque tensor (R.Tensor: rank and dtype unknown) is the value of the
# branch its condition selects, never an uninterpreted function of the condition alone: the
# target's then-branch applies R.nn.silu where the source's applies R.nn.gelu. Not correct
# (unknown: the counterexample rests on the two opaque ops).
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm | filecheck %s
# CHECK: @src: unknown
# CHECK: verdict: unknown
@I.ir_module
class Module:
    @R.function
    def src(c: R.Tensor((), "bool"), x: R.Tensor) -> R.Tensor:
        if c:
            y = R.nn.gelu(x)
        else:
            y = x
        return y

    @R.function
    def tgt(c: R.Tensor((), "bool"), x: R.Tensor) -> R.Tensor:
        if c:
            y = R.nn.silu(x)
        else:
            y = x
        return y
