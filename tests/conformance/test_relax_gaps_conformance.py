"""Relax conformance with TVM (llvm) for the ops ``test_relax_conformance.py`` leaves out:
the rounding ops ``round``/``floor``/``ceil``, the transcendental ``cos``/``sin``/``tanh``/
``sigmoid``/``erf``/``log``/``rsqrt``, ``match_cast`` (run-time check and symbolic dims it
defines), ``builtin.stop_lift_params`` and ``tuple``/``tuple_get_item`` through a called function.

All functions are in one module, built once. These float functions are uninterpreted in every
float theory, so irverify evaluates under ``fp_name="real"`` with the functions interpreted
numerically: rounding results are compared exactly (as values: the reals have no -0),
transcendental ones with a tolerance. This checks shapes, indexing, broadcasting and which
function is applied, not TVM's rounding of transcendental functions.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.execute.tvm import run_functions  # noqa: E402
from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.check import Options, check_modules  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402
from irverify.verify.verdict import Verdict  # noqa: E402

RNG = np.random.default_rng(77)
NUMERIC = {
    "real.roundeven": round,  # TVM's round is round-half-to-even, as Python's
    "real.floor": math.floor, "real.ceil": math.ceil,
    "real.cos": math.cos, "real.sin": math.sin, "real.tanh": math.tanh, "real.erf": math.erf,
    "real.sigmoid": lambda x: 1.0 / (1.0 + math.exp(-x)), "real.log": math.log,
    "real.rsqrt": lambda x: 1.0 / math.sqrt(x), "real.sqrt": math.sqrt,
}
HALVES = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.0, -0.0, 1e6 + 0.5, -7.49], np.float32)

# (name, params, body, kind, sampler): kind "exact" or "close"; sampler(dims) -> arguments
UNARY = ["round", "floor", "ceil", "cos", "sin", "tanh", "sigmoid", "erf", "log", "rsqrt", "sqrt"]


def _dim():
    return int(RNG.integers(0, 7)) if RNG.random() < 0.7 else int(RNG.integers(7, 40))


def _unary_samples(op):
    positive = op in ("log", "rsqrt", "sqrt")
    out = []
    for _ in range(3):
        shape = (_dim(), 3)
        x = RNG.uniform(0.05 if positive else -6, 6, shape).astype(np.float32)
        out.append([x])
    if op in ("round", "floor", "ceil"):
        out.append([np.repeat(HALVES[:, None], 3, axis=1)])
    return out


SOURCE = '''
@I.ir_module
class Module:
{unary}
    @R.function
    def pair(x: R.Tensor(("n", 3), "float32"), y: R.Tensor((3,), "float32")):
        return (R.subtract(x, y), R.multiply(x, y))

    @R.function
    def tuple_item(x: R.Tensor(("n", 3), "float32"), y: R.Tensor((3,), "float32")):
        cls = Module
        t = cls.pair(x, y)
        u = (y, t[1], t[0])
        return u[2]

    @R.function
    def match(x: R.Tensor(("n", "m"), "float32")):
        n = T.int64()
        y = R.match_cast(x, R.Tensor((n, 4), "float32"))
        return R.add(y, y)

    @R.function
    def stop(x: R.Tensor(("n", 3), "float32"), w: R.Tensor((3,), "float32")):
        v = {stop_w}
        return R.multiply(x, v)
'''


def _unary_text(op):
    return (f"    @R.function\n    def u_{op}(x: R.Tensor((\"n\", 3), \"float32\")):\n"
            f"        return R.{op}(x)\n\n")


def module_text(stop: bool) -> str:
    return SOURCE.format(unary="".join(_unary_text(op) for op in UNARY),
                         stop_w="R.builtin.stop_lift_params(w)" if stop else "R.add(w, R.const(0.0, \"float32\"))")


def _calls():
    calls = []
    for op in UNARY:
        calls += [(f"u_{op}", args) for args in _unary_samples(op)]
    for _ in range(4):
        n = _dim()
        calls.append(("tuple_item", [RNG.uniform(-3, 3, (n, 3)).astype(np.float32),
                                     RNG.uniform(-3, 3, (3,)).astype(np.float32)]))
    for shape in ((2, 4), (0, 4), (17, 4), (3, 3), (2, 5)):
        calls.append(("match", [RNG.uniform(-3, 3, shape).astype(np.float32)]))
    for _ in range(3):
        calls.append(("stop", [RNG.uniform(-3, 3, (_dim(), 3)).astype(np.float32),
                               RNG.uniform(-3, 3, (3,)).astype(np.float32)]))
    return calls


@pytest.fixture(scope="module")
def compiled():
    """irverify's module (with ``stop_lift_params``) and TVM's results on the same module with
    the marker replaced by an identity TVM can build (``w + 0.0``: exact for every finite w)."""
    calls = _calls()
    theirs = parse(module_text(stop=False), "<tvm>")
    runs = run_functions(theirs.native, calls)
    return parse(module_text(stop=True), "<irverify>"), calls, runs


def _compare(module, name, args, run, kind):
    ev = evaluate_function(module, name, args, fp_name="real", interpret=NUMERIC)
    if ev.ub:
        return ev, False
    assert not isinstance(run, Exception), f"{name}: TVM failed: {run}"
    assert len(ev.outputs) == len(run)
    for ours, got in zip(ev.outputs, run):
        got = np.asarray(got)
        assert ours.shape == got.shape, f"{name}: shape {ours.shape} vs {got.shape}"
        a, b = ours.astype(np.float64), got.astype(np.float64)
        ok = (a == b) if kind == "exact" else np.isclose(a, b, rtol=1e-4, atol=1e-5)
        assert ok.all(), f"{name}: irverify {a[~ok][:5]} vs TVM {b[~ok][:5]} on {args[0][~ok][:5]}"
    return ev, True


@pytest.mark.parametrize("op", UNARY)
def test_unary(compiled, op):
    module, calls, runs = compiled
    kind = "exact" if op in ("round", "floor", "ceil") else "close"
    elems = 0
    for (name, args), run in zip(calls, runs):
        if name == f"u_{op}":
            _, ok = _compare(module, name, args, run, kind)
            assert ok
            elems += args[0].size
    assert elems >= 9


def test_tuple_get_item_through_a_call(compiled):
    module, calls, runs = compiled
    checked = 0
    for (name, args), run in zip(calls, runs):
        if name == "tuple_item":
            ev, ok = _compare(module, name, args, run, "exact")
            assert ok and np.array_equal(ev.outputs[0], args[0] - args[1])  # field 0 of pair: subtract
            checked += 1
    assert checked == 4


def test_match_cast_checks_at_run_time(compiled):
    """A matching extent is the identity; a mismatch is UB for irverify and an error in TVM."""
    module, calls, runs = compiled
    matched = mismatched = 0
    for (name, args), run in zip(calls, runs):
        if name != "match":
            continue
        ev, ok = _compare(module, name, args, run, "exact")
        if args[0].shape[1] == 4:
            assert ok
            matched += 1
        else:
            assert not ok and any("match_cast" in u for u in ev.ub)
            assert isinstance(run, Exception) and "match_cast" in str(run)
            mismatched += 1
    assert matched == 3 and mismatched == 2


def test_stop_lift_params_is_the_identity(compiled):
    module, calls, runs = compiled
    checked = 0
    for (name, args), run in zip(calls, runs):
        if name == "stop":
            assert _compare(module, name, args, run, "exact")[1]
            checked += args[0].size
    assert checked > 0


MC_DEFINES = '''
@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n", 4), "float32")):
        a = T.int64()
        b = T.int64()
        y = R.match_cast(x, R.Tensor((a, b), "float32"))
        z = R.reshape(y, R.shape([b, a]))
        return R.reshape(z, R.shape([n * 4]))
'''
MC_RESHAPE = MC_DEFINES.split("        a = T.int64()")[0] + "        return R.reshape(x, R.shape([n * 4]))\n"
MC_PERMUTE = MC_DEFINES.split("        a = T.int64()")[0] + "        return R.reshape(R.permute_dims(x), R.shape([n * 4]))\n"


def test_match_cast_defining_dims():
    """Dims a match_cast defines take the operand's extents: reshaping through them keeps the
    row-major order on TVM, and irverify proves the function equal to a plain flatten and tells
    the flattened transpose apart."""
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    src = parse(MC_DEFINES, "<mc>")
    run = run_functions(src.native, [("main", [x])])[0]
    assert not isinstance(run, Exception), run
    assert np.array_equal(run[0], x.reshape(12))
    opts = Options(confirm=False)
    assert check_modules(src, parse(MC_RESHAPE, "<reshape>"), opts).verdict is Verdict.CORRECT
    assert check_modules(src, parse(MC_PERMUTE, "<permute>"), opts).verdict is Verdict.INCORRECT
