# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_fuse_tir.py:2422 (test_inplace_argument_after_primitive_scalar.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Before:
    @T.prim_func(private=True, s_tir=True)
    def add_scalar_inplace(p: T.int64, x: T.Buffer((4,), "int64")):
        for i in range(4):
            with T.sblock("add"):
                vi = T.axis.spatial(4, i)
                x[vi] = x[vi] + p

    @R.function(private=True)
    def fused(p: R.Prim("int64"), x: R.Tensor((4,), "int64")) -> R.Tensor((4,), "int64"):
        R.func_attr({"Primitive": True})
        cls = Before
        out = R.call_tir_inplace(
            cls.add_scalar_inplace,
            (p, x),
            inplace_indices=[1],
            out_ty=R.Tensor((4,), "int64"),
        )
        return out

    @R.function
    def main(p: R.Prim("int64"), x: R.Tensor((4,), "int64")) -> R.Tensor((4,), "int64"):
        cls = Before
        out = cls.fused(p, x)
        return out
