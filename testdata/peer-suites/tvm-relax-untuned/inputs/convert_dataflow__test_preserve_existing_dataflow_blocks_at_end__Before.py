# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_convert_dataflow.py:591 (test_preserve_existing_dataflow_blocks_at_end.Before)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Before:
    @R.function(pure=False)
    def main(A0: R.Tensor, B0: R.Tensor):
        # This sequence is large enough that it may be converted
        # to a DataflowBlock.
        B1 = R.add(B0, B0)
        B2 = R.add(B1, B1)
        B3 = R.add(B2, B2)

        R.print(format="impure_function")

        # This DataflowBlock is below the minimum size for a new
        # block, but already exists in the input IRModule.
        with R.dataflow():
            A1 = R.add(A0, A0)
            R.output(A1)

        return (A1, B3)
