# ReorderTakeAfterMatmul simple path, static dims, take mode clip
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3, 16), "float32"), weights: R.Tensor((16, 10), "float32"),
             indices: R.Tensor((7,), "int64")) -> R.Tensor((2, 3, 7), "float32"):
        with R.dataflow():
            picked = R.take(weights, indices, axis=1, mode="clip")
            out = R.matmul(x, picked)
            R.output(out)
        return out
