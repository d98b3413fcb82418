"""``R.Shape(ndim=k)`` parameters and ``R.shape_to_tensor`` against TVM (llvm): irverify's
evaluation of the Relax op and of its legalised form (``R.call_pure_packed(
"relax.run.shape_to_tensor", s)``) against TVM on random shape values, negative ones included
(TVM's VM passes any ``int64`` values to an ``R.Shape(ndim=k)`` parameter)."""

from __future__ import annotations

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.errors import Unsupported  # noqa: E402
from irverify.execute.tvm import ShapeArg, run_functions  # noqa: E402
from irverify.frontends.relax.parse import _blank_imports, parse, translate_module  # noqa: E402
from irverify.verify.check import Options, check_modules  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402
from irverify.verify.verdict import Verdict  # noqa: E402

RNG = np.random.default_rng(33)

SOURCE = '''
@I.ir_module
class Module:
    @R.function
    def one(s: R.Shape(ndim=1)):
        return R.shape_to_tensor(s)

    @R.function
    def three(s: R.Shape(ndim=3), x: R.Tensor((3,), "int64")):
        return R.add(R.shape_to_tensor(s), x)
'''


def test_shape_to_tensor_conformance():
    from tvm import relax

    native = tvm.script.from_source(_blank_imports(SOURCE, "<shape>")[0])
    legal = relax.transform.LegalizeOps()(native)
    assert "relax.run.shape_to_tensor" in legal.script()
    modules = [parse(SOURCE, "<shape>"), translate_module(legal, "<shape>", SOURCE)]
    big = 2**62
    calls = []
    for _ in range(3):
        calls.append(("one", [ShapeArg([int(RNG.integers(-big, big))])]))
        calls.append(("three", [ShapeArg(int(v) for v in RNG.integers(-50, 50, 3)),
                                RNG.integers(-50, 50, 3).astype(np.int64)]))
    for (name, args), theirs in zip(calls, run_functions(legal, calls)):
        assert not isinstance(theirs, Exception), theirs
        for module in modules:
            ev = evaluate_function(module, name, args, fp_name="ieee")
            assert not ev.ub and np.array_equal(ev.outputs[0], theirs[0]), (name, args, ev.outputs, theirs)


PAIR = '''
@I.ir_module
class Module:
    @R.function
    def src(s: R.Shape(ndim=2)):
        return R.shape_to_tensor(s)

    @R.function
    def tgt(s: R.Shape(ndim=2)):
        return TGT
'''


def _verdict(tgt: str) -> Verdict:
    text = PAIR.replace("TGT", tgt)
    return check_modules(parse(text, "p.py"), None, Options(confirm=False, timeout_s=20)).functions[0].verdict


def test_shape_parameter_values_are_the_same_on_both_sides_and_unconstrained():
    packed = 'R.call_pure_packed("relax.run.shape_to_tensor", s, ty_args=(R.Tensor((2,), "int64"),))'
    assert _verdict(packed) == Verdict.CORRECT
    # a value may be negative: clamping it at 0 changes the result
    assert _verdict("R.maximum(R.shape_to_tensor(s), R.const(0, \"int64\"))") == Verdict.INCORRECT


def test_other_packed_calls_stay_unsupported():
    packed = 'R.call_pure_packed("my.shape_to_tensor", s, ty_args=(R.Tensor((2,), "int64"),))'
    with pytest.raises(Unsupported, match="call_pure_packed"):
        _verdict(packed)
