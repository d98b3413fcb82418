# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_decompose_ops.py:311 (test_layer_norm.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(
        x: R.Tensor((4, 64, 112, 112), "float32"),
        gamma: R.Tensor((112, 112), "float32"),
        beta: R.Tensor((112, 112), "float32"),
    ):
        with R.dataflow():
            ln = R.nn.layer_norm(
                x,
                gamma,
                beta,
                axes=[-2, -1],
                epsilon=1e-5,
                center=True,
                scale=True,
            )
            R.output(ln)
        return ln
