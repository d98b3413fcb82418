# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_manipulate.py:1177 (test_repeat_symbolic.Repeat)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Repeat:
    @R.function
    def main(x: R.Tensor(("a", "b", "c"), "float32")):
        gv = R.repeat(x, 2, 0)
        return gv
