# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_rewrite_dataflow_reshape.py:517 (test_reshape_detect_nop.Module)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((8, 8), dtype="float16")) -> R.Tensor((8, 8), dtype="float16"):
        with R.dataflow():
            gv = R.call_pure_packed("foo", x, x, ty_args=(R.Tensor((8, 8), dtype="float16"),))
            out = R.call_pure_packed(
                "foo", gv, gv, ty_args=(R.Tensor((8, 8), dtype="float16"),)
            )
            R.output(out)
        return out
