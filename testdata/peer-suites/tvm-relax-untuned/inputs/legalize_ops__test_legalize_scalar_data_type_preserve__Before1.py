# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops.py:177 (test_legalize_scalar_data_type_preserve.Before1)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Before1:
    @R.function
    def main(x: R.Tensor((3, 3), "uint8")):
        gv: R.Tensor((3, 3), "uint8") = R.multiply(x, R.const(2, "uint8"))
        return gv
