# relax.transform.LiftTransformParams(shared_transform=True) applied to lift_shared.before.py by apache-tvm 0.27.0.post1
# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def func1(x: R.Tensor((1, 16), dtype="float32"), wt: R.Tensor((16, 32), dtype="float32")) -> R.Tensor((1, 32), dtype="float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            y: R.Tensor((1, 32), dtype="float32") = R.matmul(x, wt, out_dtype=None)
            R.output(y)
        return y

    @R.function
    def func2(x: R.Tensor((2, 16), dtype="float32"), wt: R.Tensor((16, 32), dtype="float32")) -> R.Tensor((2, 32), dtype="float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            y: R.Tensor((2, 32), dtype="float32") = R.matmul(x, wt, out_dtype=None)
            z: R.Tensor((2, 32), dtype="float32") = R.add(y, y)
            R.output(z)
        return z

    @R.function
    def transform_params(model_params: R.Tuple(R.Tensor((32, 16), dtype="float32"))) -> R.Tuple(R.Tensor((16, 32), dtype="float32")):
        R.func_attr({"num_input": 0})
        with R.dataflow():
            w: R.Tensor((32, 16), dtype="float32") = model_params[0]
            wt: R.Tensor((16, 32), dtype="float32") = R.permute_dims(w, axes=[1, 0])
            output_tuple: R.Tuple(R.Tensor((16, 32), dtype="float32")) = (wt,)
            R.output(output_tuple)
        return output_tuple
