# R.nn.layer_norm of float16 against its legalised PrimFunc: the statistics and the normalisation
# in float32, rounded to float16 before the products with gamma and beta (in float16).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def layer_norm(x: T.Buffer((T.int64(2), T.int64(8)), "float16"), gamma: T.Buffer((T.int64(8),), "float16"), beta: T.Buffer((T.int64(8),), "float16"), T_layer_norm: T.Buffer((T.int64(2), T.int64(8)), "float16")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        x_sum = T.sblock_alloc_buffer((T.int64(2),))
        x_mean = T.sblock_alloc_buffer((T.int64(2),))
        x_var_sum = T.sblock_alloc_buffer((T.int64(2),))
        for ax0, k1 in T.grid(T.int64(2), T.int64(8)):
            with T.sblock("x_sum"):
                v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
                T.reads(x[v_ax0, v_k1])
                T.writes(x_sum[v_ax0])
                with T.init():
                    x_sum[v_ax0] = T.float32(0.0)
                x_sum[v_ax0] = x_sum[v_ax0] + T.Cast("float32", x[v_ax0, v_k1])
        for ax0 in range(T.int64(2)):
            with T.sblock("x_mean"):
                v_ax0 = T.axis.spatial(T.int64(2), ax0)
                T.reads(x_sum[v_ax0])
                T.writes(x_mean[v_ax0])
                x_mean[v_ax0] = x_sum[v_ax0] / T.float32(8.0)
        for ax0, k1 in T.grid(T.int64(2), T.int64(8)):
            with T.sblock("x_var_sum"):
                v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
                T.reads(x[v_ax0, v_k1], x_mean[v_ax0])
                T.writes(x_var_sum[v_ax0])
                with T.init():
                    x_var_sum[v_ax0] = T.float32(0.0)
                x_var_sum[v_ax0] = x_var_sum[v_ax0] + (T.Cast("float32", x[v_ax0, v_k1]) - x_mean[v_ax0]) * (T.Cast("float32", x[v_ax0, v_k1]) - x_mean[v_ax0])
        for ax0, ax1 in T.grid(T.int64(2), T.int64(8)):
            with T.sblock("T_layer_norm"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(x[v_ax0, v_ax1], x_mean[v_ax0], x_var_sum[v_ax0], gamma[v_ax1], beta[v_ax1])
                T.writes(T_layer_norm[v_ax0, v_ax1])
                T_layer_norm[v_ax0, v_ax1] = T.Cast("float16", (T.Cast("float32", x[v_ax0, v_ax1]) - x_mean[v_ax0]) * T.rsqrt(x_var_sum[v_ax0] / T.float32(8.0) + T.float32(1.0000000000000001e-05))) * gamma[v_ax1] + beta[v_ax1]

    @R.function
    def src(x: R.Tensor((2, 8), "float16"), gamma: R.Tensor((8,), "float16"), beta: R.Tensor((8,), "float16")) -> R.Tensor((2, 8), "float16"):
        with R.dataflow():
            out = R.nn.layer_norm(x, gamma, beta, axes=[-1], epsilon=1e-5)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((2, 8), dtype="float16"), gamma: R.Tensor((8,), dtype="float16"), beta: R.Tensor((8,), dtype="float16")) -> R.Tensor((2, 8), dtype="float16"):
        cls = Module
        with R.dataflow():
            out = R.call_tir(cls.layer_norm, (x, gamma, beta), out_ty=R.Tensor((2, 8), dtype="float16"))
            R.output(out)
        return out
