# ReorderTakeAfterMatmul batched (LoRA) path, mixed dims, take mode nan
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("b1", "b2", 4), "float32"), weights: R.Tensor(("t", 4, 6), "float32"),
             indices: R.Tensor(("b1",), "int64")) -> R.Tensor(("b1", "b2", 6), "float32"):
        with R.dataflow():
            picked = R.take(weights, indices, axis=0, mode="nan")
            out = R.matmul(x, picked)
            R.output(out)
        return out
