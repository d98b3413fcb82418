# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_create_datatype.py:254 (test_full_like_symbolic.FullLike)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class FullLike:
    @R.function
    def main(x: R.Tensor(("m", "n"), "int32"), v: R.Tensor((), "float32")) -> R.Tensor(("m", "n"), "int32"):
        m = T.int64()
        n = T.int64()
        gv: R.Tensor((m, n), "int32") = R.full_like(x, v)
        return gv
