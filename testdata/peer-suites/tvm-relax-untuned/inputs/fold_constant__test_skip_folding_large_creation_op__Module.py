# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_fold_constant.py:500 (test_skip_folding_large_creation_op.Module)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Module:
    @R.function
    def before():
        with R.dataflow():
            # 2048 elements > 1024 threshold, no tensor input
            gv = R.zeros((2048,), "float32")
            R.output(gv)
        return gv
