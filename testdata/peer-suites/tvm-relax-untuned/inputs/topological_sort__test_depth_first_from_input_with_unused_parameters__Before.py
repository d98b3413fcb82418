# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_topological_sort.py:382 (test_depth_first_from_input_with_unused_parameters.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(A: R.Tensor, Unused: R.Tensor):
        with R.dataflow():
            B1 = R.add(A, R.const(1))
            B2 = R.add(A, R.const(2))
            C1 = R.add(A, B1)
            C2 = R.add(A, B2)
            D = R.add(C1, C2)
            R.output(D)
        return D
