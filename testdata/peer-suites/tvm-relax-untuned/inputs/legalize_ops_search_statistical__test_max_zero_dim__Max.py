# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_search_statistical.py:1250 (test_max_zero_dim.Max)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Max:
    @R.function
    def main(x: R.Tensor((), "float32")) -> R.Tensor((), "float32"):
        gv: R.Tensor((), "float32") = R.max(x)
        return gv
