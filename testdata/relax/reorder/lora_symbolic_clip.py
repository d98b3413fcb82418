# ReorderTakeAfterMatmul batched (LoRA) path, symbolic dims, take mode clip
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("b1", "b2", "f"), "float32"), weights: R.Tensor(("t", "f", "o"), "float32"),
             indices: R.Tensor(("b1",), "int64")) -> R.Tensor(("b1", "b2", "o"), "float32"):
        with R.dataflow():
            picked = R.take(weights, indices, axis=0, mode="clip")
            out = R.matmul(x, picked)
            R.output(out)
        return out
