# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_qdq.py:525 (test_dequantize_int8_to_fp16_scalar_param.Dequantize)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Dequantize:
    @R.function
    def main(data: R.Tensor((2, 4), "int8")) -> R.Tensor((2, 4), "float16"):
        out = R.dequantize(
            data, R.const(2.0, "float16"), R.const(1, "int8"), axis=0, out_dtype="float16"
        )
        return out
