# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_remove_unused_outputs.py:57 (test_use_multiple_outputs.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main():
        args = Before.func()
        return (args[0], args[2])

    @R.function(private=True)
    def func() -> R.Tuple([R.Tensor, R.Tensor, R.Tensor]):
        A = R.zeros([16, 16], "int32")
        B = R.ones([16, 16], "int32")
        C = R.zeros([32, 32], "int32")
        return (A, B, C)
