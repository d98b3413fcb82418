# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_cse.py:540 (test_replace_binding_within_branch_with_duplicate_before_branch.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Before:
    @R.function
    def foo(
        x: R.Tensor((2, 3), dtype="float32"),
        y: R.Tensor((2, 3), dtype="float32"),
        condition: R.Prim("bool"),
    ):
        A = R.add(x, y)
        if condition:
            B = R.add(x, y)
            C = R.multiply(x, B)
            D = R.multiply(A, C)
        else:
            B = R.add(x, y)
            C = R.multiply(y, B)
            D = R.multiply(A, C)
        return D
