"""What the installed compilers do at the contested points of semantics (``model.assumptions``):
irverify's evaluation under each reading against IREE (llvm-cpu) and TVM (llvm) execution, so
the documentation of each reading ("as the compiler does") is tested, and the default reading's
semantics where the compilers agree with it.

* ``contract-conversions``: a lone ``arith.truncf``/``arith.extf`` with ``fastmath<contract>``
  rounds as without the flag (both readings); IREE's compile folds ``extf(truncf(x))`` with
  ``contract`` on both to ``x``, which is the ``elide`` reading and not the default ``round``.
* ``tir-self-compare``: TVM's compile folds a float ``A[i] == A[i]`` to true (the ``fold``
  reading) before its llvm backend would emit ``fcmp oeq``; ``A[i] == B[i]`` stays ordered.
"""

from __future__ import annotations

import numpy as np
import pytest

from irverify.frontends.mlir.parse import parse_mlir
from irverify.verify.evaluate import evaluate_function

NAN_AND_MORE = np.array([np.nan, -np.nan, 1.0 + 2.0 ** -12, 3.0e-5, 65520.0, -0.0, 1e-8, 0.1], np.float32)

CONTRACT = """
func.func @pair(%x: tensor<8xf32>) -> tensor<8xf32> {
  %t = arith.truncf %x fastmath<contract> : tensor<8xf32> to tensor<8xf16>
  %e = arith.extf %t fastmath<contract> : tensor<8xf16> to tensor<8xf32>
  return %e : tensor<8xf32>
}
func.func @lone(%x: tensor<8xf32>) -> tensor<8xf16> {
  %t = arith.truncf %x fastmath<contract> : tensor<8xf32> to tensor<8xf16>
  return %t : tensor<8xf16>
}
"""


def _same_bits(a, b) -> bool:
    """Equal bit patterns, NaNs equal to NaNs (a NaN's payload is not specified by arith)."""
    a, b = np.asarray(a), np.asarray(b)
    nan = np.isnan(a)
    return (a.dtype == b.dtype and np.array_equal(nan, np.isnan(b))
            and np.array_equal(a[~nan].view(f"u{a.itemsize}"), b[~nan].view(f"u{b.itemsize}")))


@pytest.mark.iree
def test_contract_conversions_against_iree():
    pytest.importorskip("iree.runtime")
    from irverify.execute.iree import run_functions

    module = parse_mlir(CONTRACT, "<contract>")
    (pair,), (lone,) = run_functions(CONTRACT, [("pair", [NAN_AND_MORE]), ("lone", [NAN_AND_MORE])])
    elided = evaluate_function(module, "pair", [NAN_AND_MORE], readings={"contract-conversions": "elide"})
    rounded = evaluate_function(module, "pair", [NAN_AND_MORE])
    assert _same_bits(elided.outputs[0], pair), (elided.outputs[0], pair)
    assert not _same_bits(rounded.outputs[0], pair)  # the default reading is not what IREE runs
    normal = ~((np.abs(NAN_AND_MORE) < 6.2e-5) & (NAN_AND_MORE != 0))  # f16 subnormals: IREE flushes
    for reading in ("round", "elide"):
        ours = evaluate_function(module, "lone", [NAN_AND_MORE], readings={"contract-conversions": reading})
        assert _same_bits(np.asarray(ours.outputs[0])[normal], np.asarray(lone)[normal]), (reading, ours.outputs, lone)


SELF_COMPARE = '''
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def cmp(a: T.Buffer((T.int64(8),), "float32"), b: T.Buffer((T.int64(8),), "float32"),
            same: T.Buffer((T.int64(8),), "bool"), other: T.Buffer((T.int64(8),), "bool")):
        for i in range(T.int64(8)):
            with T.sblock("cmp"):
                vi = T.axis.remap("S", [i])
                same[vi] = a[vi] == a[vi]
                other[vi] = a[vi] == b[vi]

    @R.function
    def main(x: R.Tensor((8,), "float32"), y: R.Tensor((8,), "float32")):
        cls = Module
        r = R.call_tir(cls.cmp, (x, y), out_ty=[R.Tensor((8,), "bool"), R.Tensor((8,), "bool")])
        return r
'''


@pytest.mark.tvm
def test_tir_self_compare_against_tvm():
    tvm = pytest.importorskip("tvm")
    from tvm import relax

    from irverify.frontends.relax.parse import _blank_imports, translate_module

    text = _blank_imports(SELF_COMPARE, "<self-compare>")[0]
    mod = tvm.script.from_source(text)
    vm = relax.VirtualMachine(relax.build(mod, "llvm"), tvm.cpu())
    y = NAN_AND_MORE.copy()
    out = vm["main"](tvm.runtime.tensor(NAN_AND_MORE), tvm.runtime.tensor(y))
    same, other = out[0].numpy(), out[1].numpy()
    module = translate_module(mod, "<self-compare>", SELF_COMPARE)
    folded = evaluate_function(module, "main", [NAN_AND_MORE, y], readings={"tir-self-compare": "fold"})
    ieee = evaluate_function(module, "main", [NAN_AND_MORE, y])
    assert np.array_equal(np.asarray(folded.outputs[0]), same) and same.all()
    assert np.array_equal(np.asarray(ieee.outputs[1]), other) and not other[:2].any()  # NaN == NaN: false
    assert not np.asarray(ieee.outputs[0])[:2].any()  # the default reading: ordered


SUBNORMAL = """
func.func @arith(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi1>) {
  %s = arith.addf %x, %y : tensor<8xf32>
  %m = arith.mulf %x, %y : tensor<8xf32>
  %n = arith.negf %x : tensor<8xf32>
  %c = arith.cmpf oeq, %x, %y : tensor<8xf32>
  return %s, %m, %n, %c : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi1>
}
"""
TINY = np.float32(2.0 ** -140)  # a subnormal float32
SUB_X = np.array([TINY, -TINY, 0.0, -0.0, 1.0, TINY, 2.0 ** -126, 3 * TINY], np.float32)
SUB_Y = np.array([0.0, 0.0, -0.0, TINY, TINY, TINY, -(2.0 ** -127), 1.0], np.float32)


@pytest.mark.iree
def test_subnormals_against_iree():
    """IREE's llvm-cpu code flushes subnormal operands and results of arithmetic and
    comparisons (the ``flush`` reading); a negation, a sign-bit operation, keeps them. irverify's
    default ``keep`` reading is IEEE's gradual underflow, which differs there."""
    pytest.importorskip("iree.runtime")
    from irverify.execute.iree import run_functions

    module = parse_mlir(SUBNORMAL, "<subnormals>")
    (ran,) = run_functions(SUBNORMAL, [("arith", [SUB_X, SUB_Y])])
    flushed = evaluate_function(module, "arith", [SUB_X, SUB_Y], readings={"subnormals": "flush"})
    kept = evaluate_function(module, "arith", [SUB_X, SUB_Y])
    for k, (ours, theirs) in enumerate(zip(flushed.outputs, ran)):
        assert _same_bits(np.asarray(ours), np.asarray(theirs)), (k, ours, theirs)
    assert not all(_same_bits(np.asarray(a), np.asarray(b)) for a, b in zip(kept.outputs, ran))
    assert _same_bits(np.asarray(kept.outputs[2]), np.asarray(ran[2]))  # negf keeps the subnormal
