# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_remove_unused_outputs.py:131 (test_return_tuple.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(A: R.Tensor([16, 16], "int32")):
        B = R.add(A, A)
        out_tuple = Before.func(B)
        return out_tuple

    @R.function(private=True)
    def func(B: R.Tensor([16, 16], "int32")) -> R.Tuple(
        R.Tensor([16, 16], "int32"), R.Tensor([16, 16], "int32")
    ):
        C = R.multiply(B, B)
        D = R.add(B, B)
        return (C, D)
