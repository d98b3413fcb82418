# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_normalize.py:108 (test_normalize_no_op.ANFMod1)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class ANFMod1:
    @R.function
    def f(x: R.Tensor(dtype="float32")):
        gv = R.add(x, x)
        gv1 = R.add(gv, gv)
        gv2 = R.add(gv, gv1)
        return (gv, gv2)
