"""Elements nobody wrote against TVM (llvm): a ``call_tir`` PrimFunc (``part``) writes columns 0
and 1 of its ``(2, 4)`` output and leaves columns 2 and 3 as the VM's memory pool found them.
Each function reads that output through a Relax op; TVM runs it several times, after other
functions have left different contents in the pool, and irverify evaluates it
(``verify.evaluate``, which masks the elements it computes as poison).

Two properties, for every op: an element irverify says is defined is the value TVM computes in
every run (the mark is never too wide: a defined element does not depend on stale memory), and
an element whose value changes between TVM's runs is one irverify says is poison (the mark is
never too narrow). The runs must show stale memory at all: some element differs between runs.
"""

from __future__ import annotations

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.frontends.relax.parse import _blank_imports, translate_module  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402
from tests.semantics.test_relax_unwritten import PART, ROWSUM  # noqa: E402

DIRTY = '''    @T.prim_func(private=True, s_tir=True)
    def fill(v: T.Buffer((), "float32"), out: T.Buffer((T.int64(2), T.int64(4)), "float32")):
        for i, j in T.grid(T.int64(2), T.int64(4)):
            with T.sblock("fill"):
                vi, vj = T.axis.remap("SS", [i, j])
                out[vi, vj] = v[()]

    @R.function
    def dirty(v: R.Tensor((), "float32")) -> R.Tensor((), "float32"):
        cls = Module
        t = R.call_tir(cls.fill, (v,), out_ty=R.Tensor((2, 4), "float32"))
        s = R.sum(t)
        return s

'''
PRIMS = DIRTY + PART + ROWSUM
PARAMS = 'x: R.Tensor((2, 4), "float32"), y: R.Tensor((2, 4), "float32"), c: R.Tensor((2, 4), "bool")'

# name -> body reading ``a``, the output of ``part`` (exact float arithmetic only)
FAST = {
    "add": "R.add(a, y)",
    "sum_rows": "R.sum(a, axis=[1])",
    "sum_cols": "R.sum(a, axis=[0])",
    "where": "R.where(c, a, y)",
    "concat": "R.concat((y, a), axis=1)",
}
SLOW = {
    "max": "R.max(a, axis=[0])",
    "matmul": "R.matmul(a, R.permute_dims(y))",
    "take": 'R.take(a, R.const([3, 0, 1, 2], "int64"), axis=1)',
    "strided_slice": "R.strided_slice(a, axes=[1], begin=[0], end=[4], strides=[3])",
    "permute_reshape": "R.reshape(R.permute_dims(a), R.shape([2, 4]))",
    "broadcast": "R.multiply(a, R.strided_slice(y, axes=[0], begin=[0], end=[1]))",
    "maximum": "R.maximum(a, y)",
    "match_cast": 'm = R.match_cast(a, R.Tensor((2, 4), "float32"))\nR.negative(m)',
    "call_tir_sum": 'R.call_tir(Module.rowsum, (a,), R.Tensor((2,), "float32"))',
    "split": "R.split(a, 2, axis=1)[1]",
}


def _module(ops: dict[str, str]) -> str:
    text = "@I.ir_module\nclass Module:\n" + PRIMS
    for name, body in ops.items():
        lines = ['a = R.call_tir(Module.part, (x,), R.Tensor((2, 4), "float32"))', *body.splitlines()]
        text += (f"    @R.function\n    def {name}({PARAMS}):\n" + "".join(f"        {ln}\n" for ln in lines[:-1])
                 + f"        return {lines[-1]}\n\n")
    return text


def _runs(text: str, ops: dict[str, str], args, dirt=(1.5, -7.0, 100.0)):
    """Each op run by TVM after ``dirty(v)`` for each ``v`` (and after the ops before it)."""
    from tvm import relax

    mod = tvm.script.from_source(_blank_imports(text, "<unwritten>")[0])
    vm = relax.VirtualMachine(relax.build(mod, "llvm"), tvm.cpu())
    runs = {name: [] for name in ops}
    for v in dirt:
        for name in ops:
            vm["dirty"](tvm.runtime.tensor(np.array(v, np.float32)))
            out = vm[name](*(tvm.runtime.tensor(a) for a in args))
            runs[name].append(out.numpy())
    return runs


def _check(ops: dict[str, str]):
    rng = np.random.default_rng(23)
    x = rng.uniform(-4, 4, (2, 4)).astype(np.float32)
    y = rng.uniform(-4, 4, (2, 4)).astype(np.float32)
    c = rng.integers(0, 2, (2, 4)).astype(bool)
    text = _module(ops)
    runs = _runs(text, ops, [x, y, c])
    module = translate_module(tvm.script.from_source(_blank_imports(text, "<unwritten>")[0]), "<unwritten>", text)
    varied = []
    for name in ops:
        ev = evaluate_function(module, name, [x, y, c], fp_name="ieee")
        assert not ev.ub, name
        (mine,), (undefined,) = ev.outputs, ev.undefined
        undefined = np.zeros(np.shape(mine), bool) if undefined is None else np.asarray(undefined)
        theirs = np.stack(runs[name])
        for got in theirs:
            assert np.array_equal(np.asarray(mine)[~undefined], got[~undefined]), \
                f"{name}: a defined element differs from TVM: irverify {mine!r}, TVM {got!r}"
        changing = np.any(theirs != theirs[0], axis=0)
        assert not np.any(changing & ~undefined), f"{name}: TVM's value changes where irverify says defined: {theirs!r}"
        if changing.any():
            varied.append(name)
    assert varied, "no run showed stale memory"


def test_unwritten_elements_against_tvm():
    _check(FAST)


@pytest.mark.slow
def test_unwritten_elements_against_tvm_more_ops():
    _check(SLOW)
