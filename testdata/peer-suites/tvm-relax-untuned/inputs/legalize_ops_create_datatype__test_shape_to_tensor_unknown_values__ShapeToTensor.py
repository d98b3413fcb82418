# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_create_datatype.py:717 (test_shape_to_tensor_unknown_values.ShapeToTensor)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class ShapeToTensor:
    @R.function
    def main(s: R.Shape(ndim=2)):
        gv = R.shape_to_tensor(s)
        return gv
