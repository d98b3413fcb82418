# DecomposeOpsForInference's output on bn_train.py as the pass writes it.
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3, 4), "float32"), gamma: R.Tensor((3,), "float32"), beta: R.Tensor((3,), "float32"),
             mean: R.Tensor((3,), "float32"), var: R.Tensor((3,), "float32")):
        with R.dataflow():
            lv = R.expand_dims(mean, axis=[0, 2])
            lv1 = R.subtract(x, lv)
            lv2 = R.expand_dims(var, axis=[0, 2])
            lv3 = R.add(lv2, R.const(1e-5, "float32"))
            lv4 = R.sqrt(lv3)
            lv5 = R.divide(lv1, lv4)
            lv6 = R.expand_dims(gamma, axis=[0, 2])
            lv7 = R.multiply(lv5, lv6)
            lv8 = R.expand_dims(beta, axis=[0, 2])
            out = R.add(lv7, lv8)
            R.output(out)
        return out
