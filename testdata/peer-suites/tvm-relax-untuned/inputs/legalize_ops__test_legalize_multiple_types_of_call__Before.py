# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops.py:71 (test_legalize_multiple_types_of_call.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Before:
    @R.function
    def mul2(x: R.Tensor((3, 3), "float32")):
        gv = R.multiply(x, R.const(2.0, "float32"))
        return gv

    @T.prim_func(private=True, s_tir=True)
    def identity(rxplaceholder: T.Buffer((T.int64(3), T.int64(3)), "float32"), T_id: T.Buffer((T.int64(3), T.int64(3)), "float32")):
        for ax0, ax1 in T.grid(T.int64(3), T.int64(3)):
            with T.sblock("T_add"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(rxplaceholder[v_ax0, v_ax1])
                T.writes(T_id[v_ax0, v_ax1])
                T_id[v_ax0, v_ax1] = rxplaceholder[v_ax0, v_ax1]

    @R.function
    def main(x: R.Tensor((3, 3), "float32")):
        cls = Before
        gv: R.Tensor((3, 3), "float32") = cls.mul2(x)
        gv1 = R.call_tir(cls.identity, gv, R.Tensor((3, 3), dtype="float32"))
        gv2 = R.multiply(gv1, R.const(2.0, "float32"))
        return gv2
