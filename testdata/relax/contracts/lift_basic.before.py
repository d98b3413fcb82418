# lift_basic: input of relax.transform.LiftTransformParams() (see generate.py)
from tvm.script import ir as I
from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 16), "float32"), w: R.Tensor((32, 16), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            y = R.matmul(x, wt)
            R.output(y)
        return y
