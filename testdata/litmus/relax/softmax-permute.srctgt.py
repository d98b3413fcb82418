# softmax over the last axis equals softmax over axis 0 of the transpose, transposed back.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((3, 5), "float32")) -> R.Tensor((3, 5), "float32"):
        with R.dataflow():
            out = R.nn.softmax(x, axis=-1)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((3, 5), "float32")) -> R.Tensor((3, 5), "float32"):
        with R.dataflow():
            xt = R.permute_dims(x, axes=[1, 0])
            s = R.nn.softmax(xt, axis=0)
            out = R.permute_dims(s, axes=[1, 0])
            R.output(out)
        return out
