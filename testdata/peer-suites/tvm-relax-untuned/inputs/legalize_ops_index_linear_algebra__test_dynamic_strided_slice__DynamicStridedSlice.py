# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_index_linear_algebra.py:434 (test_dynamic_strided_slice.DynamicStridedSlice)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class DynamicStridedSlice:
    @R.function
    def main(x: R.Tensor((8, 9, 10, 10), "float32"), begin: R.Tensor((4,),"int64"), end: R.Tensor((4,),"int64"), strides: R.Tensor((4,),"int64")) -> R.Tensor("float32", ndim=4):
        gv: R.Tensor("float32", ndim=4) = R.dynamic_strided_slice(x, begin, end, strides)
        return gv
