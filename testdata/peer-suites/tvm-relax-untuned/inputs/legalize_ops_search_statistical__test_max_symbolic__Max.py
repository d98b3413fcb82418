# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_search_statistical.py:340 (test_max_symbolic.Max)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Max:
    @R.function
    def main(x: R.Tensor(("a", "b", "c", "d"), "float32")) -> R.Tensor(("a", "d"), "float32"):
        a = T.int64()
        d = T.int64()
        gv: R.Tensor((a, d), "float32") = R.max(x, axis=[1, 2])
        return gv
