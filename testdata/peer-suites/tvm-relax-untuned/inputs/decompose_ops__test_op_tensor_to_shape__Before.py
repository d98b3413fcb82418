# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_decompose_ops.py:363 (test_op_tensor_to_shape.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(t: R.Tensor([3], dtype="int64")):
        gv: R.Shape(ndim=3) = R.tensor_to_shape(t)
        return gv
