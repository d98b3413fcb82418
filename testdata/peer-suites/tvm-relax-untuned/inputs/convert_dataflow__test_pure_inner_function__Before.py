# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_convert_dataflow.py:330 (test_pure_inner_function.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(x: R.Tensor, y: R.Tensor) -> R.Tensor:
        @R.function
        def inner_func(x: R.Tensor, y: R.Tensor) -> R.Tensor:
            z = R.add(x, y)
            w = R.multiply(x, z)
            v = R.add(y, w)
            return v

        z = R.add(x, y)
        w = R.multiply(z, z)
        v = R.divide(w, z)
        q = inner_func(w, v)
        return q
