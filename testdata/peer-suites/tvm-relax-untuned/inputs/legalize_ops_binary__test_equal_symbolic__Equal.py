# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_binary.py:1124 (test_equal_symbolic.Equal)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Equal:
    @R.function
    def main(x: R.Tensor((1, "c", "d"), "float32"), y: R.Tensor(("a", "b", "c", 1), "float32")) -> R.Tensor(("a", "b", "c", "d"), "bool"):
        a = T.int64()
        b = T.int64()
        c = T.int64()
        d = T.int64()
        gv: R.Tensor((a, b, c, d), "bool") = R.equal(x, y)
        return gv
