# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_remove_unused_parameters.py:34 (test_remove_unused_relax_parameter.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(A: R.Tensor, B: R.Tensor):
        return Before.func(A, B)

    @R.function(private=True)
    def func(A: R.Tensor, B: R.Tensor) -> R.Tensor:
        return A
