# ReorderTakeAfterMatmul batched (LoRA) path, static dims, take mode clip
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3, 4), "float32"), weights: R.Tensor((5, 4, 6), "float32"),
             indices: R.Tensor((2,), "int64")) -> R.Tensor((2, 3, 6), "float32"):
        with R.dataflow():
            picked = R.take(weights, indices, axis=0, mode="clip")
            out = R.matmul(x, picked)
            R.output(out)
        return out
