# BROKEN on purpose: ReorderTakeAfterMatmul output of simple_static_clip.py with take's mode="clip" replaced by
# mode="fast" (what the pass did before apache/tvm PR #20206, issue #20201).
# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3, 16), dtype="float32"), weights: R.Tensor((16, 10), dtype="float32"), indices: R.Tensor((7,), dtype="int64")) -> R.Tensor((2, 3, 7), dtype="float32"):
        with R.dataflow():
            lv: R.Tensor((2, 3, 10), dtype="float32") = R.matmul(x, weights, out_dtype=None)
            out: R.Tensor((2, 3, 7), dtype="float32") = R.take(lv, indices, axis=2, mode="fast")
            R.output(out)
        return out
