# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_manipulate.py:1888 (test_scatter_nd_gpu.Mod)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Mod:
    @R.function
    def main(
        data: R.Tensor((4, 8), "float32"),
        indices: R.Tensor((3, 2), "int64"),
        updates: R.Tensor((3,), "float32"),
    ):
        with R.dataflow():
            lv = R.scatter_nd(data, indices, updates)
            gv = lv
            R.output(gv)
        return gv
