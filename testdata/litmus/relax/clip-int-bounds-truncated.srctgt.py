# An integer clip casts its float64 bounds to the dtype, truncating toward zero: on int8,
# clip(x, -7.9, 100.7) is clip(x, -7, 100).
# REQUIRES: tvm
# RUN: irverify check %s --no-confirm | filecheck %s
# CHECK: @src: correct
# CHECK: verdict: correct
@I.ir_module
class Module:
    @R.function
    def src(x: R.Tensor((8,), "int8")) -> R.Tensor((8,), "int8"):
        with R.dataflow():
            out = R.clip(x, -7.9, 100.7)
            R.output(out)
        return out

    @R.function
    def tgt(x: R.Tensor((8,), "int8")) -> R.Tensor((8,), "int8"):
        with R.dataflow():
            out = R.clip(x, -7.0, 100.0)
            R.output(out)
        return out
