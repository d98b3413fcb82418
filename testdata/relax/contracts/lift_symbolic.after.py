# relax.transform.LiftTransformParams() applied to lift_symbolic.before.py by apache-tvm 0.27.0.post1
# from typing import TypeVar
# from tvm.script import ir as I
# from tvm.script import relax as R

m = TypeVar("m")
n = TypeVar("n")
@I.ir_module
class Module:
    @R.function
    def main_transform_params(model_params: R.Tuple(R.Tensor((m, 16), dtype="float32"))) -> R.Tuple(R.Tensor((16, m), dtype="float32")):
        R.func_attr({"num_input": 0})
        with R.dataflow():
            w: R.Tensor((m, 16), dtype="float32") = model_params[0]
            wt: R.Tensor((16, m), dtype="float32") = R.permute_dims(w, axes=[1, 0])
            output_tuple: R.Tuple(R.Tensor((16, m), dtype="float32")) = (wt,)
            R.output(output_tuple)
        return output_tuple

    @R.function
    def main(x: R.Tensor((n, 16), dtype="float32"), wt: R.Tensor((16, m), dtype="float32")) -> R.Tensor((n, m), dtype="float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            y: R.Tensor((n, m), dtype="float32") = R.matmul(x, wt, out_dtype=None)
            R.output(y)
        return y
