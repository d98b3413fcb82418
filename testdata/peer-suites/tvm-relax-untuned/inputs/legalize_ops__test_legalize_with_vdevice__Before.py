# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops.py:367 (test_legalize_with_vdevice.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module(s_tir=True)
class Before:
    I.module_global_infos({"vdevice": [I.vdevice("llvm")]})

    @R.function
    def func_cuda(A: R.Tensor([32, 32], "float32"), B: R.Tensor([32, 32], "float32")):
        C = R.add(A, B)
        return C

    @R.function
    def func_llvm(
        A: R.Tensor([32, 32], "float32", "llvm"), B: R.Tensor([32, 32], "float32", "llvm")
    ):
        C = R.add(A, B)
        return C
