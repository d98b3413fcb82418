# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_fuse_tir.py:1771 (test_symbolic_var_called_with_static_argument.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Before:
    @T.prim_func(private=True, s_tir=True)
    def sum_1d(
        X_handle: T.handle,
        num_elements: T.int64,
        Y: T.Buffer([T.int64(1)], "float32"),
    ):
        X = T.match_buffer(X_handle, [num_elements], "float32")

        for i in range(num_elements):
            with T.sblock("sum"):
                vi = T.axis.remap("R", [i])
                with T.init():
                    Y[0] = 0.0
                Y[0] = Y[0] + X[vi]

    @R.function(private=True)
    def fused(
        x: R.Tensor([64], dtype="float32"),
    ) -> R.Tensor([1], dtype="float32"):
        R.func_attr({"Primitive": True})
        cls = Before
        with R.dataflow():
            gv = R.call_tir(
                cls.sum_1d,
                [x, 64],
                out_ty=R.Tensor([1], dtype="float32"),
            )
            R.output(gv)
        return gv

    @R.function
    def main(
        x: R.Tensor([64], dtype="float32"),
    ) -> R.Tensor([1], dtype="float32"):
        cls = Before
        with R.dataflow():
            gv = cls.fused(x)
            R.output(gv)
        return gv
