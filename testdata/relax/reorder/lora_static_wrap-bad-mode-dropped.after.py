# BROKEN on purpose: ReorderTakeAfterMatmul output of lora_static_wrap.py with take's mode="wrap" replaced by
# mode="fast" (what the pass did before apache/tvm PR #20206, issue #20201).
# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3, 4), dtype="float32"), weights: R.Tensor((5, 4, 6), dtype="float32"), indices: R.Tensor((2,), dtype="int64")) -> R.Tensor((2, 3, 6), dtype="float32"):
        with R.dataflow():
            lv: R.Tensor((4, 5, 6), dtype="float32") = R.permute_dims(weights, axes=[1, 0, 2])
            lv1: R.Tensor((4, 30), dtype="float32") = R.reshape(lv, R.shape([4, 30]))
            lv2: R.Tensor((2, 3, 30), dtype="float32") = R.matmul(x, lv1, out_dtype=None)
            lv3: R.Tensor((2, 3, 5, 6), dtype="float32") = R.reshape(lv2, R.shape([2, 3, 5, 6]))
            lv4: R.Tensor((2, 3, 2, 6), dtype="float32") = R.take(lv3, indices, axis=2, mode="fast")
            out: R.Tensor((2, 3, 6), dtype="float32") = R.einsum((lv4,), subscripts="ijik->ijk")
            R.output(out)
        return out
