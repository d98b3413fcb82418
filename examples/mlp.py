# A two-layer MLP (2x8 -> 16 -> 4, bias and ReLU between the matmuls) in Relax, the input of the
# README's validate-pipeline example for TVM: every pass application of TVM's llvm compile up to
# its lowering to memory and the VM is checked.
# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def forward(x: R.Tensor((2, 8), dtype="float32"), w1: R.Tensor((16, 8), dtype="float32"),
                b1: R.Tensor((16,), dtype="float32"), w2: R.Tensor((4, 16), dtype="float32"),
                b2: R.Tensor((4,), dtype="float32")) -> R.Tensor((2, 4), dtype="float32"):
        with R.dataflow():
            t1 = R.permute_dims(w1, axes=None)
            m1 = R.matmul(x, t1)
            a1 = R.add(m1, b1)
            h = R.nn.relu(a1)
            t2 = R.permute_dims(w2, axes=None)
            m2 = R.matmul(h, t2)
            y = R.add(m2, b2)
            R.output(y)
        return y
