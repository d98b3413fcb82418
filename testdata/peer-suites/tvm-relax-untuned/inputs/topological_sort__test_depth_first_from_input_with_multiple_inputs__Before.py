# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_topological_sort.py:124 (test_depth_first_from_input_with_multiple_inputs.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(A: R.Tensor, B1: R.Tensor, B2: R.Tensor):
        with R.dataflow():
            C2 = R.add(A, B2)
            C1 = R.add(A, B1)
            D2 = R.add(A, C2)
            D1 = R.add(A, C1)
            E = R.add(D1, D2)
            R.output(E)
        return E
