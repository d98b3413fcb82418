"""``R.nn.relu`` conformance with TVM (llvm): irverify's exact (IEEE) evaluation against TVM on
random shapes and values, float32 with NaN, infinities and signed zeros, and int32 / int8 at
the extremes (compared bit for bit, NaN equal to NaN)."""

from __future__ import annotations

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.execute.tvm import run_functions  # noqa: E402
from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402

RNG = np.random.default_rng(5)
SOURCE = '''
@I.ir_module
class Module:
    @R.function
    def f32(x: R.Tensor(("n", "m"), "float32")):
        return R.nn.relu(x)

    @R.function
    def i32(x: R.Tensor(("n",), "int32")):
        return R.nn.relu(x)

    @R.function
    def i8(x: R.Tensor((5,), "int8")):
        return R.nn.relu(x)
'''
SPECIAL = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -1e-45, 3.0, -3.0], np.float32)


def _calls():
    calls = []
    for _ in range(3):
        shape = (int(RNG.integers(0, 5)), int(RNG.integers(1, 5)))
        calls.append(("f32", [RNG.uniform(-4, 4, shape).astype(np.float32)]))
    calls.append(("f32", [SPECIAL.reshape(2, 5)]))
    calls.append(("i32", [np.array([-2**31, -1, 0, 1, 2**31 - 1, 7], np.int32)]))
    calls.append(("i32", [RNG.integers(-100, 100, (int(RNG.integers(0, 9)),)).astype(np.int32)]))
    calls.append(("i8", [np.array([-128, -1, 0, 1, 127], np.int8)]))
    return calls


def test_relu_matches_tvm():
    module = parse(SOURCE, "<relu>")
    calls = _calls()
    runs = run_functions(module.native, calls)
    for (name, args), run in zip(calls, runs):
        assert not isinstance(run, Exception), run
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert not ev.ub
        ours, got = ev.outputs[0], np.asarray(run[0])
        assert ours.shape == got.shape and ours.dtype == got.dtype
        if ours.dtype.kind == "f":  # bit for bit: relu(-0) is +0, relu(NaN) is 0
            assert np.array_equal(ours.view(np.uint32), got.view(np.uint32)) or \
                np.array_equal(np.isnan(ours), np.isnan(got)) and np.array_equal(
                    ours[~np.isnan(ours)].view(np.uint32), got[~np.isnan(got)].view(np.uint32)), (args, ours, got)
        else:
            assert np.array_equal(ours, got), (args, ours, got)
