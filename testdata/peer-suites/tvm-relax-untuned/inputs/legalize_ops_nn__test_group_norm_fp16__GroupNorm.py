# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_nn.py:3143 (test_group_norm_fp16.GroupNorm)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class GroupNorm:
    @R.function
    def main(x: R.Tensor((2, 4, 4, 5), "float16"), gamma: R.Tensor((4,), "float16"), beta: R.Tensor((4,), "float16")) -> R.Tensor((2, 4, 4, 5), "float16"):
        gv: R.Tensor((2, 4, 4, 5), "float16") = R.nn.group_norm(x, gamma, beta, num_groups=2, channel_axis=1, axes=[2, 3])
        return gv
