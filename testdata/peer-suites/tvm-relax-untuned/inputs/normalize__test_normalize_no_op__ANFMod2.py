# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_normalize.py:121 (test_normalize_no_op.ANFMod2)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class ANFMod2:
    @R.function
    def foo(x: R.Tensor(("m", "n"), "float32")):
        m, n = T.int64(), T.int64()
        with R.dataflow():
            lv0 = R.call_dps_packed("test.op.identity", (x,), R.Tensor((m, n), dtype="float32"))
            gv0 = R.call_dps_packed(
                "test.op.identity", (lv0,), R.Tensor((m, n), dtype="float32")
            )
            R.output(gv0)
        return gv0
