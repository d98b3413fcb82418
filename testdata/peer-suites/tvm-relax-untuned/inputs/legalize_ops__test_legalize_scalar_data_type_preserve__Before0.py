# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops.py:170 (test_legalize_scalar_data_type_preserve.Before0)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Before0:
    @R.function
    def main(x: R.Tensor((3, 3), "float16")):
        gv: R.Tensor((3, 3), "float16") = R.multiply(x, R.const(1.14514, "float16"))
        return gv
