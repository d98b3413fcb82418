# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_convert_dataflow.py:458 (test_merge_with_preceding_dataflow_block.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor, y: R.Tensor) -> R.Tensor:
        with R.dataflow():
            z = R.add(x, y)
            w = R.multiply(z, y)
            R.output(w)

        # The single binding of `v = R.add` would normally not be
        # enough to make a dataflow block, as `1 < min_size == 2`.
        v = R.add(w, x)
        return v
