# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_binary.py:1677 (test_less_equal_with_arg1_constant_scalar.Add)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Add:
    @R.function
    def main(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "bool"):
        gv: R.Tensor((2, 3), dtype="bool") = R.less_equal(R.const(1, "float32"), x)
        return gv
