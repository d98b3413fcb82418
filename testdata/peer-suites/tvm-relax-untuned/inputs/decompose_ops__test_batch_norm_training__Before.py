# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_decompose_ops.py:99 (test_batch_norm_training.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(
        x: R.Tensor((1, 64, 112, 112), "float32"),
        gamma: R.Tensor((64,), "float32"),
        beta: R.Tensor((64,), "float32"),
        moving_mean: R.Tensor((64,), "float32"),
        moving_var: R.Tensor((64,), "float32"),
    ):
        with R.dataflow():
            bn = R.nn.batch_norm(
                x,
                gamma,
                beta,
                moving_mean,
                moving_var,
                axis=1,
                epsilon=1e-5,
                center=True,
                scale=True,
                momentum=0.1,
            )
            gv0 = bn[0]
            gv1 = bn[1]
            gv2 = bn[2]
            R.output(gv0, gv1, gv2)
        return gv0, gv1, gv2
