# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_search_statistical.py:738 (test_mean_symbolic.Mean)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Mean:
    @R.function
    def main(x: R.Tensor(("a", "b", "c", "d"), "float32")) -> R.Tensor(("b", "c"), "float32"):
        b = T.int64()
        c = T.int64()
        gv: R.Tensor((b, c), "float32") = R.mean(x, [0, 3])
        return gv
