# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_nn.py:1761 (test_silu.Silu)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Silu:
    @R.function
    def main(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        gv: R.Tensor((2, 3), "float32") = R.nn.silu(x)
        return gv
