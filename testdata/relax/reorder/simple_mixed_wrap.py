# ReorderTakeAfterMatmul simple path, mixed dims, take mode wrap
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("b", 16), "float32"), weights: R.Tensor((16, "t"), "float32"),
             indices: R.Tensor(("o",), "int64")) -> R.Tensor(("b", "o"), "float32"):
        with R.dataflow():
            picked = R.take(weights, indices, axis=1, mode="wrap")
            out = R.matmul(x, picked)
            R.output(out)
        return out
