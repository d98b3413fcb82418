# relax.transform.LiftTransformParams() applied to lift_compose.before.py by apache-tvm 0.27.0.post1
# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main_transform_params(params: R.Tuple(R.Tensor((32, 16), dtype="float32"))) -> R.Tuple(R.Tensor((16, 32), dtype="float32")):
        R.func_attr({"num_input": 0})
        with R.dataflow():
            w: R.Tensor((32, 16), dtype="float32") = params[0]
            wt: R.Tensor((16, 32), dtype="float32") = R.permute_dims(w, axes=[1, 0])
            w2: R.Tensor((16, 32), dtype="float32") = R.multiply(wt, R.const(2.0, "float32"))
            output_tuple: R.Tuple(R.Tensor((16, 32), dtype="float32")) = (w2,)
            R.output(output_tuple)
        return output_tuple

    @R.function
    def main(x: R.Tensor((1, 16), dtype="float32"), w2: R.Tensor((16, 32), dtype="float32")) -> R.Tensor((1, 32), dtype="float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            y: R.Tensor((1, 32), dtype="float32") = R.matmul(x, w2, out_dtype=None)
            R.output(y)
        return y
