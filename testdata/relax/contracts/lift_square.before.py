# lift_square: input of relax.transform.LiftTransformParams() (see generate.py)
from tvm.script import ir as I
from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 16), "float32"), w1: R.Tensor((16, 16), "float32"),
             w2: R.Tensor((16, 16), "float32")) -> R.Tensor((2, 16), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            w1t = R.permute_dims(w1, [1, 0])
            w2t = R.permute_dims(w2, [1, 0])
            a = R.matmul(x, w1t)
            c = R.matmul(x, R.multiply(w2t, R.const(2.0, "float32")))
            y = R.add(a, c)
            R.output(y)
        return y
