# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_topological_sort.py:450 (test_breadth_first_break_ties_by_existing_order.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(A: R.Tensor):
        with R.dataflow():
            B1 = R.add(A, R.const(2))
            C1 = R.add(A, B1)
            B2 = R.add(A, R.const(1))
            C2 = R.add(A, B2)
            D = R.add(C2, C1)
            R.output(D)
        return D
