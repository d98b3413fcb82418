# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_index_linear_algebra.py:1200 (test_einsum_symbolic.Einsum)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Einsum:
    @R.function
    def main(x: R.Tensor(("a", "b"), "float32"), y: R.Tensor(("b", "c"), "float32")):
        gv = R.einsum((x, y), subscripts="ij,jk->ik")
        return gv
