# A training-mode batch_norm (the op's default) is its batch statistics written out: the mean and
# the biased variance over every axis but the channel axis (a batch of 2), the normalisation by
# them, and the moving averages weighing the batch by momentum: (1 - momentum) * moving + momentum
# * batch, as TVM's lowering computes it.
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((2, 3, 4), "float32"), g: R.Tensor((3,), "float32"), b: R.Tensor((3,), "float32"),
            mm: R.Tensor((3,), "float32"), mv: R.Tensor((3,), "float32")):
        with R.dataflow():
            bn = R.nn.batch_norm(x, g, b, mm, mv, axis=1, epsilon=1e-5, momentum=0.1)
            R.output(bn)
        return bn

    @R.function
    def tgt(x: R.Tensor((2, 3, 4), "float32"), g: R.Tensor((3,), "float32"), b: R.Tensor((3,), "float32"),
            mm: R.Tensor((3,), "float32"), mv: R.Tensor((3,), "float32")):
        with R.dataflow():
            mean = R.mean(x, axis=[0, 2], keepdims=True)
            d = R.subtract(x, mean)
            var = R.mean(R.multiply(d, d), axis=[0, 2], keepdims=True)
            s = R.sqrt(R.add(var, R.const(1e-5, "float32")))
            out = R.add(R.multiply(R.divide(d, s), R.reshape(g, (1, 3, 1))), R.reshape(b, (1, 3, 1)))
            m1 = R.add(R.multiply(R.const(0.9, "float32"), mm),
                       R.multiply(R.const(0.1, "float32"), R.reshape(mean, (3,))))
            v1 = R.add(R.multiply(R.const(0.9, "float32"), mv),
                       R.multiply(R.const(0.1, "float32"), R.reshape(var, (3,))))
            res = (out, m1, v1)
            R.output(res)
        return res
