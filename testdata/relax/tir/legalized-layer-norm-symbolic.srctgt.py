# R.nn.layer_norm over a symbolic and a static axis against its legalised PrimFunc: the element count
# is the float32 product Cast(n) * 3.0, and the statistics of an empty row (n = 0) are never read.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
n = TypeVar("n")
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def layer_norm(x: T.Buffer((T.int64(2), n, T.int64(3)), "float32"), gamma: T.Buffer((n, T.int64(3)), "float32"), beta: T.Buffer((n, T.int64(3)), "float32"), T_layer_norm: T.Buffer((T.int64(2), n, T.int64(3)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        x_sum = T.sblock_alloc_buffer((T.int64(2),))
        x_mean = T.sblock_alloc_buffer((T.int64(2),))
        x_var_sum = T.sblock_alloc_buffer((T.int64(2),))
        for ax0, k1, k2 in T.grid(T.int64(2), n, T.int64(3)):
            with T.sblock("x_sum"):
                v_ax0, v_k1, v_k2 = T.axis.remap("SRR", [ax0, k1, k2])
                T.reads(x[v_ax0, v_k1, v_k2])
                T.writes(x_sum[v_ax0])
                with T.init():
                    x_sum[v_ax0] = T.float32(0.0)
                x_sum[v_ax0] = x_sum[v_ax0] + x[v_ax0, v_k1, v_k2]
        for ax0 in range(T.int64(2)):
            with T.sblock("x_mean"):
                v_ax0 = T.axis.spatial(T.int64(2), ax0)
                T.reads(x_sum[v_ax0])
                T.writes(x_mean[v_ax0])
                x_mean[v_ax0] = x_sum[v_ax0] / (T.Cast("float32", n) * T.float32(3.0))
        for ax0, k1, k2 in T.grid(T.int64(2), n, T.int64(3)):
            with T.sblock("x_var_sum"):
                v_ax0, v_k1, v_k2 = T.axis.remap("SRR", [ax0, k1, k2])
                T.reads(x[v_ax0, v_k1, v_k2], x_mean[v_ax0])
                T.writes(x_var_sum[v_ax0])
                with T.init():
                    x_var_sum[v_ax0] = T.float32(0.0)
                x_var_sum[v_ax0] = x_var_sum[v_ax0] + (x[v_ax0, v_k1, v_k2] - x_mean[v_ax0]) * (x[v_ax0, v_k1, v_k2] - x_mean[v_ax0])
        for ax0, ax1, ax2 in T.grid(T.int64(2), n, T.int64(3)):
            with T.sblock("T_layer_norm"):
                v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
                T.reads(x[v_ax0, v_ax1, v_ax2], x_mean[v_ax0], x_var_sum[v_ax0], gamma[v_ax1, v_ax2], beta[v_ax1, v_ax2])
                T.writes(T_layer_norm[v_ax0, v_ax1, v_ax2])
                T_layer_norm[v_ax0, v_ax1, v_ax2] = (x[v_ax0, v_ax1, v_ax2] - x_mean[v_ax0]) * T.rsqrt(x_var_sum[v_ax0] / (T.Cast("float32", n) * T.float32(3.0)) + T.float32(0.001)) * gamma[v_ax1, v_ax2] + beta[v_ax1, v_ax2]

    @R.function
    def src(x: R.Tensor((2, "n", 3), "float32"), gamma: R.Tensor(("n", 3), "float32"), beta: R.Tensor(("n", 3), "float32")) -> R.Tensor((2, "n", 3), "float32"):
        with R.dataflow():
            out = R.nn.layer_norm(x, gamma, beta, axes=[1, 2], epsilon=1e-3)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, n, 3), dtype="float32"), gamma: R.Tensor((n, 3), dtype="float32"), beta: R.Tensor((n, 3), dtype="float32")) -> R.Tensor((2, n, 3), dtype="float32"):
        cls = Module
        with R.dataflow():
            out = R.call_tir(cls.layer_norm, (x, gamma, beta), out_ty=R.Tensor((2, n, 3), dtype="float32"))
            R.output(out)
        return out
