# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_fold_constant.py:591 (test_call_tir_with_primitive_args_not_folded.Module)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def shape_to_tensor(m: T.int64, out: T.Buffer((T.int64(1),), "int64")):
        for i in range(T.int64(1)):
            with T.sblock("out"):
                vi = T.axis.remap("S", [i])
                out[vi] = m

    @R.function
    def main(x: R.Tensor(("m",), "float32")):
        m = T.int64()
        cls = Module
        gv = relax.call_tir(cls.shape_to_tensor, (m,), R.Tensor((1,), "int64"))
        return gv
