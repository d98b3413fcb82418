# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_convert_dataflow.py:27 (test_trivial.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    # already a DF block
    @R.function
    def main(A: R.Tensor, B: R.Tensor):
        with R.dataflow():
            x = R.add(A, B)
            y = R.multiply(x, A)
            z = R.add(x, y)
            q = R.multiply(y, z)
            p = R.add(z, q)
            R.output(p)
        return p

    # too small
    @R.function
    def func(A: R.Tensor, B: R.Tensor) -> R.Tensor:
        x = R.add(A, B)
        return x

    # too few pure ops between non-dataflow ops
    @R.function(pure=False)
    def func2(A: R.Tensor, B: R.Tensor) -> R.Tensor:
        _ = R.print(format="Hi there!")
        y = R.add(A, B)
        _ = R.print(y, format="Sum: {}")
        x = R.multiply(y, y)
        if R.const(False):
            _ = R.print(format="True branch")
            q = R.add(x, y)
            _ = R.print(q, format="Value of q: {}")
            w = q
        else:
            _ = R.print(format="False branch")
            q = R.subtract(x, y)
            _ = R.print(q, format="Value of q: {}")
            w = q
        p = R.multiply(w, w)
        return p
