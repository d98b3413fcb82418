# Provenance: irverify seed corpus, seeds/tvm-take-out-of-bounds/after.py (see seeds/README.md there).
# apache/tvm#17270: ReorderTakeAfterMatmul "changes the result" because the source
# indexes out of bounds in take(mode=fast). after.py: the real FoldConstant + ReorderTakeAfterMatmul output.
# Copied verbatim below this header; the expected verdicts are in testdata/seeds/*.test.
# ReorderTakeAfterMatmul() applied to before.py, as printed by apache-tvm 0.27.0.post1
# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main(t: R.Tensor((16, 16), dtype="float32")) -> R.Tensor((1, 32), dtype="float32"):
        with R.dataflow():
            gv: R.Tensor((16, 16), dtype="float32") = R.add(t, t)
            flat: R.Tensor((256,), dtype="float32") = R.reshape(gv, R.shape([256]))
            lv2: R.Tensor((16,), dtype="float32") = R.strided_slice(flat, (0,), (0,), (16,), assume_inbound=False)
            x: R.Tensor((1, 16), dtype="float32") = R.reshape(lv2, R.shape([1, 16]))
            gv_i: R.Tensor((16, 16), dtype="int64") = R.astype(gv, dtype="int64")
            flat_i: R.Tensor((256,), dtype="int64") = R.reshape(gv_i, R.shape([256]))
            routing_table: R.Tensor((32,), dtype="int64") = R.strided_slice(flat_i, (0,), (0,), (32,), assume_inbound=False)
            lv2_1: R.Tensor((1, 16), dtype="float32") = R.matmul(x, gv, out_dtype=None)
            out: R.Tensor((1, 32), dtype="float32") = R.take(lv2_1, routing_table, axis=1, mode="fast")
            R.output(out)
        return out