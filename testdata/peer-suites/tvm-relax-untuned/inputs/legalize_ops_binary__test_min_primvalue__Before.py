# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_binary.py:2224 (test_min_primvalue.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Before:
    @R.function
    def main(
        x: R.Tensor([64, 32, 16], "float32"),
        y: R.Prim("float32"),
    ):
        gv = R.minimum(x, y)
        return gv
