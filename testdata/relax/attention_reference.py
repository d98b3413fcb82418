# Reference attention in PyTorch layout (B, H, S, D) = (2, 3, 5, 8), written out explicitly:
# scores = q @ k^T scaled by 1/sqrt(D), softmax over the key axis, times v. The scale is a
# division by sqrt(D) = sqrt(8) rounded to float32, exactly what TVM's lowering of
# R.nn.attention does (multiplying by 1/sqrt(8) instead differs in the last bit).
@I.ir_module
class Module:
    @R.function
    def main(q: R.Tensor((2, 3, 5, 8), "float32"), k: R.Tensor((2, 3, 5, 8), "float32"),
             v: R.Tensor((2, 3, 5, 8), "float32")) -> R.Tensor((2, 3, 5, 8), "float32"):
        with R.dataflow():
            s = R.matmul(q, R.permute_dims(k, axes=[0, 1, 3, 2]))
            scaled = R.divide(s, R.const(2.8284271247461903, "float32"))
            p = R.nn.softmax(scaled, axis=-1)
            out = R.matmul(p, v)
            R.output(out)
        return out
