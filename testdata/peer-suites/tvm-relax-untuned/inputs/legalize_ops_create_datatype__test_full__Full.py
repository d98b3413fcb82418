# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_create_datatype.py:30 (test_full.Full)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Full:
    @R.function
    def main(v: R.Tensor((), "int32")) -> R.Tensor((2, 3), "int32"):
        gv: R.Tensor((2, 3), "int32") = R.full((2, 3), v, dtype="int32")
        return gv
