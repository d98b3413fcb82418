# A training-mode batch_norm (the op's default), the input of TVM's DecomposeOpsForInference.
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3, 4), "float32"), gamma: R.Tensor((3,), "float32"), beta: R.Tensor((3,), "float32"),
             mean: R.Tensor((3,), "float32"), var: R.Tensor((3,), "float32")):
        with R.dataflow():
            bn = R.nn.batch_norm(x, gamma, beta, mean, var, axis=1, epsilon=1e-5)
            out = bn[0]
            R.output(out)
        return out
