# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_fuse_tir.py:2166 (test_use_as_inplace_and_dps.Module)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Module:
    # we will use it both in-place and normally (DPS)
    @T.prim_func(private=True, s_tir=True)
    def add(
        A: T.Buffer((T.int64(10), T.int64(20)), "float32"),
        B: T.Buffer((), "float32"),
        Out: T.Buffer((T.int64(10), T.int64(20)), "float32"),
    ):
        T.func_attr({"tirx.noalias": True})
        for ax0, ax1 in T.grid(T.int64(10), T.int64(20)):
            with T.sblock("T_add"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                Out[v_ax0, v_ax1] = A[v_ax0, v_ax1] + B[()]

    @R.function(private=True)
    def fused_sums(
        x: R.Tensor((10, 20), dtype="float32"), p0: R.Tensor((), dtype="float32")
    ) -> R.Tensor((10, 20), dtype="float32"):
        R.func_attr({"Primitive": True})
        cls = Module
        with R.dataflow():
            lv = R.call_tir(
                cls.add,
                (x, p0),
                out_ty=R.Tensor((10, 20), dtype="float32"),
            )
            lv1 = R.call_tir_inplace(
                cls.add,
                (x, p0, lv),
                inplace_indices=[2],
                out_ty=R.Tensor((10, 20), dtype="float32"),
            )
            lv2 = R.call_tir_inplace(
                cls.add,
                (x, p0, lv1),
                inplace_indices=[2],
                out_ty=R.Tensor((10, 20), dtype="float32"),
            )
            R.output(lv2)
        return lv2

    @R.function
    def main(
        x: R.Tensor((10, 20), dtype="float32"), p0: R.Tensor((), dtype="float32")
    ) -> R.Tensor((10, 20), dtype="float32"):
        cls = Module
        with R.dataflow():
            gv1: R.Tensor((10, 20), dtype="float32") = cls.fused_sums(x, p0)
            R.output(gv1)
        return gv1
