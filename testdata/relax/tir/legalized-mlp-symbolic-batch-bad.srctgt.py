# The pair of legalized-mlp-symbolic-batch.srctgt.py with the legalised relu clamping at 1.0
# instead of 0.0: a counterexample on the symbolic batch.
# REQUIRES: tvm
# RUN: not irverify check %s --no-confirm --timeout 5 | filecheck %s
# CHECK: @src: incorrect
# CHECK: verdict: incorrect

n = TypeVar("n")
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def matmul(x: T.Buffer((n, T.int64(8)), "float32"), w: T.Buffer((T.int64(8), T.int64(16)), "float32"), matmul: T.Buffer((n, T.int64(16)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for i0, i1, k in T.grid(n, T.int64(16), T.int64(8)):
            with T.sblock("matmul"):
                v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
                T.reads(x[v_i0, v_k], w[v_k, v_i1])
                T.writes(matmul[v_i0, v_i1])
                with T.init():
                    matmul[v_i0, v_i1] = T.float32(0.0)
                matmul[v_i0, v_i1] = matmul[v_i0, v_i1] + x[v_i0, v_k] * w[v_k, v_i1]

    @T.prim_func(private=True, s_tir=True)
    def matmul1(relu: T.Buffer((n, T.int64(16)), "float32"), w2: T.Buffer((T.int64(16), T.int64(4)), "float32"), matmul: T.Buffer((n, T.int64(4)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for i0, i1, k in T.grid(n, T.int64(4), T.int64(16)):
            with T.sblock("matmul"):
                v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
                T.reads(relu[v_i0, v_k], w2[v_k, v_i1])
                T.writes(matmul[v_i0, v_i1])
                with T.init():
                    matmul[v_i0, v_i1] = T.float32(0.0)
                matmul[v_i0, v_i1] = matmul[v_i0, v_i1] + relu[v_i0, v_k] * w2[v_k, v_i1]

    @T.prim_func(private=True, s_tir=True)
    def relu(matmul: T.Buffer((n, T.int64(16)), "float32"), compute: T.Buffer((n, T.int64(16)), "float32")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        for i0, i1 in T.grid(n, T.int64(16)):
            with T.sblock("compute"):
                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
                T.reads(matmul[v_i0, v_i1])
                T.writes(compute[v_i0, v_i1])
                compute[v_i0, v_i1] = T.max(matmul[v_i0, v_i1], T.float32(1.0))

    @R.function
    def src(x: R.Tensor(("n", 8), dtype="float32"), w: R.Tensor((8, 16), dtype="float32"), w2: R.Tensor((16, 4), dtype="float32")) -> R.Tensor(("n", 4), dtype="float32"):
        with R.dataflow():
            matmul: R.Tensor((n, 16), dtype="float32") = R.matmul(x, w, out_dtype=None)
            relu: R.Tensor((n, 16), dtype="float32") = R.nn.relu(matmul)
            m2: R.Tensor((n, 4), dtype="float32") = R.matmul(relu, w2, out_dtype=None)
            R.output(m2)
        return m2

    @R.function
    def tgt(x: R.Tensor((n, 8), dtype="float32"), w: R.Tensor((8, 16), dtype="float32"), w2: R.Tensor((16, 4), dtype="float32")) -> R.Tensor((n, 4), dtype="float32"):
        cls = Module
        with R.dataflow():
            matmul = R.call_tir(cls.matmul, (x, w), out_ty=R.Tensor((n, 16), dtype="float32"))
            relu = R.call_tir(cls.relu, (matmul,), out_ty=R.Tensor((n, 16), dtype="float32"))
            m2 = R.call_tir(cls.matmul1, (relu, w2), out_ty=R.Tensor((n, 4), dtype="float32"))
            R.output(m2)
        return m2
