# lift_stop: input of relax.transform.LiftTransformParams() (see generate.py)
from tvm.script import ir as I
from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 16), "float32"), w: R.Tensor((32, 16), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            wt2 = R.builtin.stop_lift_params(wt)
            wt3 = R.multiply(wt2, R.const(2.0, "float32"))
            y = R.matmul(x, wt3)
            R.output(y)
        return y
