# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_inline_private_functions.py:81 (test_skip_inline_of_recursive_functions.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main():
        B = Before.subroutine()
        return B

    @R.function(private=True)
    def subroutine() -> R.Tensor([], "int64"):
        R.func_attr({"relax.force_pure": True})
        cond = R.call_packed("dummy_function", ty_args=R.Tensor([], "bool"))
        if cond:
            Out = Before.subroutine()
        else:
            Out = R.const(0, "int64")

        return Out
