# ReorderTakeAfterMatmul simple path, symbolic dims, take mode fast
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("b", "f"), "float32"), weights: R.Tensor(("f", "t"), "float32"),
             indices: R.Tensor(("o",), "int64")) -> R.Tensor(("b", "o"), "float32"):
        with R.dataflow():
            picked = R.take(weights, indices, axis=1, mode="fast")
            out = R.matmul(x, picked)
            R.output(out)
        return out
