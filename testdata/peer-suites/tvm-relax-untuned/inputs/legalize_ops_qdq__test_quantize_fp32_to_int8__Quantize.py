# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_qdq.py:26 (test_quantize_fp32_to_int8.Quantize)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Quantize:
    @R.function
    def main(
        data: R.Tensor((2, 4), "float32"),
        scale: R.Tensor((2,), "float32"),
        zp: R.Tensor((2,), "int8"),
    ) -> R.Tensor((2, 4), "int8"):
        out = R.quantize(data, scale, zp, axis=0, out_dtype="int8")
        return out
