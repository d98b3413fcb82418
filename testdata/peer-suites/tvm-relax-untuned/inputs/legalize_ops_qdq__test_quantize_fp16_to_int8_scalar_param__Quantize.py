# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_qdq.py:286 (test_quantize_fp16_to_int8_scalar_param.Quantize)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Quantize:
    @R.function
    def main(data: R.Tensor((2, 4), "float16")) -> R.Tensor((2, 4), "int8"):
        out = R.quantize(
            data, R.const(2.0, "float16"), R.const(1, "int8"), axis=-1, out_dtype="int8"
        )
        return out
