# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_lambda_lift.py:505 (test_symbolic_variable_defined_by_outer_func.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Before:
    @R.function
    def main(
        x1: R.Tensor(("n", "m"), "float32"), y1: R.Tensor(("n", "m"), "float32")
    ) -> R.Tensor(("n", "m"), "float32"):
        n = T.int64()
        m = T.int64()

        @R.function
        def inner(x2: R.Tensor((n, m), "float32"), y2: R.Tensor((n, m), "float32")):
            sum_inner = R.add(x2, y2)
            return sum_inner

        sum_main = inner(x1, y1)
        return sum_main
