"""``evaluate_function(..., outputs_too=False)`` (the source-UB filter of confirmation): a function
whose encoding has no UB condition that may hold is answered without building its inputs' arrays
(a 320x1280 weight made each random try of confirmation take minutes); one with UB still
evaluates it on the inputs."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("tvm")

from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify import evaluate  # noqa: E402

TEXT = '''@I.ir_module
class Module:
    @R.function
    def fadd(x: R.Tensor((64, 64), "float32"), y: R.Tensor((64, 64), "float32")):
        return R.add(x, y)

    @R.function
    def idiv(x: R.Tensor((4,), "int32"), y: R.Tensor((4,), "int32")):
        return R.floor_divide(x, y)
'''


def test_no_ub_whatever_the_inputs_builds_no_arrays(monkeypatch):
    mod = parse(TEXT, "m.py")
    calls = []
    real = evaluate._array_term
    monkeypatch.setattr(evaluate, "_array_term", lambda *a: calls.append(1) or real(*a))
    x = np.ones((64, 64), np.float32)
    assert evaluate.evaluate_function(mod, "fadd", [x, x], outputs_too=False).ub == []
    assert calls == []
    ints = np.array([1, 2, 3, 4], np.int32)
    # UB of kinds not asked for (confirmation ignores an opaque op's static-extent precondition)
    assert evaluate.evaluate_function(mod, "idiv", [ints, ints * 0], outputs_too=False, ub_kinds=lambda r: False).ub == []
    assert calls == []
    assert evaluate.evaluate_function(mod, "idiv", [ints, ints], outputs_too=False).ub == []
    assert evaluate.evaluate_function(mod, "idiv", [ints, ints * 0], outputs_too=False).ub != []
    assert calls
