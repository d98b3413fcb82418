# lift_compose: input of relax.transform.LiftTransformParams() (see generate.py)
from tvm.script import ir as I
from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main_transform_params(params: R.Tuple(R.Tensor((32, 16), "float32"))) -> R.Tuple(R.Tensor((16, 32), "float32")):
        R.func_attr({"num_input": 0})
        with R.dataflow():
            w = params[0]
            wt = R.permute_dims(w, [1, 0])
            out = (wt,)
            R.output(out)
        return out

    @R.function
    def main(x: R.Tensor((1, 16), "float32"), wt: R.Tensor((16, 32), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            w2 = R.multiply(wt, R.const(2.0, "float32"))
            y = R.matmul(x, w2)
            R.output(y)
        return y
