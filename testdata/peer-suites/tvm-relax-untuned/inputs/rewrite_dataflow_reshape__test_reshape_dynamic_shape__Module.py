# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_rewrite_dataflow_reshape.py:226 (test_reshape_dynamic_shape.Module)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def reshape(var_A: T.handle, var_T_reshape: T.handle):
        T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
        n = T.int32()
        A = T.match_buffer(var_A, (n, 16, 128), "float16")
        T_reshape = T.match_buffer(var_T_reshape, (1, n, 16, 128), "float16")
        # with T.sblock("root"):
        for ax0_ax1_ax2_fused_0 in T.thread_binding(n * 2, thread="blockIdx.x"):
            for ax0_ax1_ax2_fused_1 in T.thread_binding(1024, thread="threadIdx.x"):
                with T.sblock("T_reshape"):
                    v0 = T.axis.spatial(
                        n, (ax0_ax1_ax2_fused_0 * 1024 + ax0_ax1_ax2_fused_1) // 2048
                    )
                    v1 = T.axis.spatial(
                        16, (ax0_ax1_ax2_fused_0 * 1024 + ax0_ax1_ax2_fused_1) % 2048 // 128
                    )
                    v2 = T.axis.spatial(
                        128, (ax0_ax1_ax2_fused_0 * 1024 + ax0_ax1_ax2_fused_1) % 128
                    )
                    T.reads(
                        A[((v2 // 128 + v1) // 32 + v0) % n, (v2 // 128 + v1) % 32, v2 % 128]
                    )
                    T.writes(T_reshape[0, v0, v1, v2])
                    T_reshape[0, v0, v1, v2] = A[
                        ((v2 // 128 + v1) // 32 + v0) % n, (v2 // 128 + v1) % 32, v2 % 128
                    ]

    @R.function
    def main(x: R.Tensor((8, 16, 128), dtype="float16")) -> R.Tensor(
        (1, 8, 16, 128), dtype="float16"
    ):
        cls = Module
        with R.dataflow():
            y = R.call_tir(cls.reshape, (x,), out_ty=R.Tensor((1, 8, 16, 128), dtype="float16"))
            z = R.add(y, R.const(1, "float16"))
            R.output(z)
        return z
