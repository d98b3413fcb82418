"""Relax ``If`` conformance with TVM (llvm): irverify's evaluation of ``relax.if`` (the taken
branch's value; a branch's UB only when taken) against TVM on random inputs and both conditions,
including branches that compute differently shaped intermediates and a branch whose integer
division by zero is UB for irverify only when taken; an ``R.Prim("bool")`` condition; local
functions and closures (inlined by irverify, lifted by TVM); ``zeros_like``/``ones_like``/
``full_like``."""

from __future__ import annotations

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.execute.tvm import run_functions  # noqa: E402
from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402

RNG = np.random.default_rng(12)

SOURCE = '''
@I.ir_module
class Module:
    @R.function
    def branch(x: R.Tensor(("n", 3), "int32"), y: R.Tensor((3,), "int32"), c: R.Tensor((), "bool")):
        if c:
            a = R.add(x, y)
            r = R.multiply(a, a)
        else:
            s = R.multiply(y, y)
            r = R.subtract(x, s)
        return R.add(r, y)

    @R.function
    def guarded(x: R.Tensor((4,), "int32"), d: R.Tensor((4,), "int32"), c: R.Tensor((), "bool")):
        if c:
            r = R.floor_divide(x, d)
        else:
            r = R.add(x, d)
        return r
'''


def _calls():
    calls = []
    for _ in range(4):
        n = int(RNG.integers(0, 6))
        for c in (True, False):
            calls.append(("branch", [RNG.integers(-50, 50, (n, 3)).astype(np.int32),
                                     RNG.integers(-50, 50, (3,)).astype(np.int32), np.array(c)]))
    d = np.array([1, 2, -3, 5], np.int32)
    x = RNG.integers(-50, 50, (4,)).astype(np.int32)
    calls += [("guarded", [x, d, np.array(True)]), ("guarded", [x, d, np.array(False)])]
    return calls


@pytest.fixture(scope="module")
def compiled():
    module = parse(SOURCE, "<if>")
    calls = _calls()
    return module, calls, run_functions(module.native, calls)


def test_if_selects_the_taken_branch(compiled):
    module, calls, runs = compiled
    checked = set()
    for (name, args), run in zip(calls, runs):
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert not ev.ub, (name, ev.ub)
        assert not isinstance(run, Exception), run
        (ours,), (got,) = ev.outputs, run
        assert np.array_equal(ours, np.asarray(got)), (name, args, ours, got)
        checked.add((name, bool(args[-1])))
    assert len(checked) == 4


def test_ub_of_a_branch_counts_only_when_taken():
    module = parse(SOURCE, "<if>")
    x, d = np.arange(4, dtype=np.int32), np.array([1, 0, 2, 3], np.int32)
    assert evaluate_function(module, "guarded", [x, d, np.array(True)], fp_name="ieee").ub
    ev = evaluate_function(module, "guarded", [x, d, np.array(False)], fp_name="ieee")
    assert not ev.ub and np.array_equal(ev.outputs[0], x + d)


LOCAL = '''
@I.ir_module
class Module:
    @R.function
    def prim_cond(x: R.Tensor((4,), "int32"), y: R.Tensor((4,), "int32"), c: R.Prim("bool")):
        if c:
            r = R.subtract(x, y)
        else:
            r = R.multiply(x, y)
        return r

    @R.function
    def local(x: R.Tensor((2, 3), "int32"), y: R.Tensor((4, 3), "int32")):
        @R.function
        def twice(a: R.Tensor(("m", 3), "int32"), b: R.Tensor((3,), "int32")) -> R.Tensor(("m", 3), "int32"):
            s = R.multiply(a, b)
            return R.subtract(s, a)

        u = twice(x, R.const([1, -2, 3], "int32"))
        v = twice(y, R.const([4, 0, -1], "int32"))
        return R.add(R.sum(u, axis=[0]), R.sum(v, axis=[0]))

    @R.function
    def closure(x: R.Tensor((2, 3), "int32"), y: R.Tensor((2, 3), "int32")) -> R.Tensor((2, 3), "int32"):
        @R.function
        def outer(c: R.Tensor((2, 3), "int32")) -> R.Callable((R.Tensor((2, 3), "int32"),), R.Tensor((2, 3), "int32")):
            @R.function
            def inner(b: R.Tensor((2, 3), "int32")) -> R.Tensor((2, 3), "int32"):
                return R.subtract(R.multiply(b, c), b)

            return inner

        f = outer(x)
        r = f(y)
        return r
'''


def test_prim_bool_condition_and_local_functions():
    """An ``R.Prim("bool")`` If condition, and local functions inlined at their calls: one called
    twice with different extents for its symbolic dim, and a closure capturing its enclosing
    call's argument."""
    module = parse(LOCAL, "<local>")
    calls = []
    for c in (True, False):
        calls.append(("prim_cond", [RNG.integers(-50, 50, (4,)).astype(np.int32),
                                    RNG.integers(-50, 50, (4,)).astype(np.int32), c]))
    for _ in range(2):
        calls.append(("local", [RNG.integers(-20, 20, (2, 3)).astype(np.int32),
                                RNG.integers(-20, 20, (4, 3)).astype(np.int32)]))
        calls.append(("closure", [RNG.integers(-20, 20, (2, 3)).astype(np.int32),
                                  RNG.integers(-20, 20, (2, 3)).astype(np.int32)]))
    # TVM's VM runs local functions once LambdaLift has made them module functions
    runs = run_functions(tvm.relax.transform.LambdaLift()(module.native), calls)
    for (name, args), run in zip(calls, runs):
        assert not isinstance(run, Exception), run
        ev_args = [np.array(a) if isinstance(a, bool) else a for a in args]
        ev = evaluate_function(module, name, ev_args, fp_name="ieee")
        assert not ev.ub, (name, ev.ub)
        (ours,), (got,) = ev.outputs, run
        assert np.array_equal(ours, np.asarray(got)), (name, args, ours, got)


LIKE = '''
@I.ir_module
class Module:
    @R.function
    def like(x: R.Tensor(("n", 3), "float32"), v: R.Tensor((), "int32")):
        a = R.zeros_like(x)
        b = R.ones_like(x, "int32")
        c = R.full_like(x, v)
        d = R.full_like(x, v, "int8")
        return (a, b, c, d)
'''


def test_zeros_ones_full_like():
    """``zeros_like``/``ones_like``/``full_like``: ``x``'s shape, the dtype given or ``x``'s,
    the fill value converted to it (here an int32 fill wrapping into int8)."""
    module = parse(LIKE, "<like>")
    calls = [("like", [RNG.uniform(-3, 3, (n, 3)).astype(np.float32), np.array(v, np.int32)])
             for n, v in ((0, 5), (2, -7), (4, 300))]
    runs = run_functions(module.native, calls)
    for (name, args), run in zip(calls, runs):
        assert not isinstance(run, Exception), run
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert not ev.ub, ev.ub
        assert len(ev.outputs) == len(run) == 4
        for ours, got in zip(ev.outputs, run):
            got = np.asarray(got)
            assert ours.shape == got.shape and ours.dtype == got.dtype, (ours, got)
            assert np.array_equal(ours, got), (args, ours, got)
