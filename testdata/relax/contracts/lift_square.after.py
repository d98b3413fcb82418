# relax.transform.LiftTransformParams() applied to lift_square.before.py by apache-tvm 0.27.0.post1
# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main_transform_params(model_params: R.Tuple(R.Tensor((16, 16), dtype="float32"), R.Tensor((16, 16), dtype="float32"))) -> R.Tuple(R.Tensor((16, 16), dtype="float32"), R.Tensor((16, 16), dtype="float32")):
        R.func_attr({"num_input": 0})
        with R.dataflow():
            w1: R.Tensor((16, 16), dtype="float32") = model_params[0]
            w1t: R.Tensor((16, 16), dtype="float32") = R.permute_dims(w1, axes=[1, 0])
            w2: R.Tensor((16, 16), dtype="float32") = model_params[1]
            w2t: R.Tensor((16, 16), dtype="float32") = R.permute_dims(w2, axes=[1, 0])
            lv3: R.Tensor((16, 16), dtype="float32") = R.multiply(w2t, R.const(2.0, "float32"))
            output_tuple: R.Tuple(R.Tensor((16, 16), dtype="float32"), R.Tensor((16, 16), dtype="float32")) = w1t, lv3
            R.output(output_tuple)
        return output_tuple

    @R.function
    def main(x: R.Tensor((2, 16), dtype="float32"), w1t: R.Tensor((16, 16), dtype="float32"), lv3: R.Tensor((16, 16), dtype="float32")) -> R.Tensor((2, 16), dtype="float32"):
        R.func_attr({"num_input": 1})
        with R.dataflow():
            a: R.Tensor((2, 16), dtype="float32") = R.matmul(x, w1t, out_dtype=None)
            c: R.Tensor((2, 16), dtype="float32") = R.matmul(x, lv3, out_dtype=None)
            y: R.Tensor((2, 16), dtype="float32") = R.add(a, c)
            R.output(y)
        return y
