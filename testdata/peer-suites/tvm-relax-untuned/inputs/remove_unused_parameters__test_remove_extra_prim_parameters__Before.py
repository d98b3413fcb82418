# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_remove_unused_parameters.py:139 (test_remove_extra_prim_parameters.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function
    def main(A: R.Tensor(["m", "n"], "float32")) -> R.Tensor(["m", "n"], "float32"):
        m = T.int64()
        n = T.int64()
        return Before.func(A, R.prim_value(m), R.prim_value(n))

    @R.function(private=True)
    def func(
        A: R.Tensor(["m", "n"], "float32"),
        _m: R.Prim("int64"),
        _n: R.Prim("int64"),
    ) -> R.Tensor(["m", "n"], "float32"):
        m = T.int64()
        n = T.int64()
        zeros = R.zeros(R.shape([m, n]), dtype="float32")
        out = R.add(A, zeros)
        return out
