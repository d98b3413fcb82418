# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_fold_constant.py:538 (test_fold_boundary_creation_op.Module)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Module:
    @R.function
    def before():
        with R.dataflow():
            # Exactly 1024 elements == threshold, should fold
            gv = R.zeros((1024,), "float32")
            R.output(gv)
        return gv

    @R.function
    def expected(c0: R.Tensor((1024,), "float32")):
        return c0
