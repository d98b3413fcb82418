# Copied from testdata/seeds/Inputs/tvm-take-out-of-bounds/before.py (apache/tvm#17270).
# Seed (a): apache/tvm#17270 shape of the program, rewritten with high-level Relax ops.
# t (16x16 float32) is doubled; x = first 16 elements of 2t; weight_table = 2t (16x16);
# routing_table = int64(2t).flatten()[:32].  With t = arange(256) the indices are
# 0,2,...,62, i.e. in [0,64), but take() indexes axis 1 of weight_table, which has extent 16.
# mode="fast" (the default) makes an out-of-bounds index undefined behaviour.
@I.ir_module
class Module:
    @R.function
    def main(t: R.Tensor((16, 16), "float32")) -> R.Tensor((1, 32), "float32"):
        with R.dataflow():
            gv = R.add(t, t)
            flat = R.reshape(gv, R.shape([256]))
            x = R.reshape(R.strided_slice(flat, axes=[0], begin=[0], end=[16]), R.shape([1, 16]))
            weight_table = gv
            gv_i = R.astype(gv, "int64")
            flat_i = R.reshape(gv_i, R.shape([256]))
            routing_table = R.strided_slice(flat_i, axes=[0], begin=[0], end=[32])
            weight = R.take(weight_table, routing_table, axis=1)
            out = R.matmul(x, weight)
            R.output(out)
        return out
