# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_convert_dataflow.py:136 (test_extract_inside_branches.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function(pure=False)
    def main(x: R.Tensor, y: R.Tensor) -> R.Tensor:
        z = R.add(x, y)
        w = R.multiply(z, y)
        v = R.add(w, x)
        if R.const(True):
            q = R.multiply(v, v)
            a = R.add(q, q)
            b = R.multiply(a, a)
        else:
            q = R.add(v, v)
            a = R.multiply(q, q)
            b = R.add(a, a)
        c = R.multiply(b, b)
        d = R.add(c, c)
        e = R.multiply(d, d)
        return e
