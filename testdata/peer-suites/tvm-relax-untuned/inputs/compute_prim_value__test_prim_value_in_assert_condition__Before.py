# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_compute_prim_value.py:26 (test_prim_value_in_assert_condition.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function(pure=False)
    def main(A: R.Tensor(["N"])):
        N = T.int64()
        _ = R.assert_op(N % 16 == 0)
        return A
