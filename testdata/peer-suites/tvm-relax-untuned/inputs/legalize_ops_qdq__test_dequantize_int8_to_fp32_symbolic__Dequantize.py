# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_qdq.py:416 (test_dequantize_int8_to_fp32_symbolic.Dequantize)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Dequantize:
    @R.function
    def main(
        data: R.Tensor((2, "n"), "int8"),
        scale: R.Tensor(("n",), "float32"),
        zp: R.Tensor(("n",), "int8"),
    ) -> R.Tensor((2, "n"), "float32"):
        out = R.dequantize(data, scale, zp, axis=-1, out_dtype="float32")
        return out
