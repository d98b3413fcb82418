# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_topological_sort.py:253 (test_depth_first_from_output_tuple_with_binding.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(A: R.Tensor):
        with R.dataflow():
            B2 = R.add(A, R.const(2))
            B1 = R.add(A, R.const(1))
            C2 = R.add(A, B2)
            C1 = R.add(A, B1)
            R.output(C1, C2)
        gv = (C1, C2)
        return gv
