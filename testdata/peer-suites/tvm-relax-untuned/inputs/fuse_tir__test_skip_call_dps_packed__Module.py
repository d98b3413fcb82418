# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_fuse_tir.py:693 (test_skip_call_dps_packed.Module)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Module:
    @R.function
    def main(x: R.Tensor((2, 3), "float32")):
        with R.dataflow():
            y = R.call_dps_packed("func_packed_dps", x, R.Tensor((2, 3), "float32"))
            R.output(y)
        return y
