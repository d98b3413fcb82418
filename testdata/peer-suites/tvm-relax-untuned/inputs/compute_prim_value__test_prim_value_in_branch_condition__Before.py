# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_compute_prim_value.py:53 (test_prim_value_in_branch_condition.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function(pure=False)
    def main(A: R.Tensor(["N"])):
        N = T.int64()
        if R.prim_value(N % 16 == 0):
            out = R.call_packed("fast_vectorized_impl", A, ty_args=[A.ty])
        else:
            out = R.call_packed("slow_non_vectorized_impl", A, ty_args=[A.ty])
        return out
