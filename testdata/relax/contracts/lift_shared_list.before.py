# lift_shared_list: input of relax.transform.LiftTransformParams(shared_transform=['func1']) (see generate.py)
from tvm.script import ir as I
from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def func1(x: R.Tensor((1, 16), "float32"), w: R.Tensor((32, 16), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            y = R.matmul(x, wt)
            R.output(y)
        return y

    @R.function
    def func2(x: R.Tensor((1, 16), "float32"), w: R.Tensor((32, 16), "float32")) -> R.Tensor((1, 32), "float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            wt = R.permute_dims(w, [1, 0])
            y = R.matmul(x, wt)
            R.output(y)
        return y
