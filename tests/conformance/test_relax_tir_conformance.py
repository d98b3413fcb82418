"""``call_tir`` through the PrimFunc (``semantics/relax_tir.py``) against TVM (llvm): Relax ops on
random shapes are legalised by TVM's ``LegalizeOps`` into PrimFuncs, irverify evaluates the
legalised module (every ``call_tir`` translated, none opaque) and TVM runs it, on random values.
Covers elementwise arithmetic with broadcasting, math intrinsics, comparisons, ``Select``,
casts, index arithmetic (reshape's floordiv/floormod, take's loaded index, strided slices,
concatenation's ``if_then_else``), reductions with ``T.init()`` (sum, max, matmul, mean, and
``group_norm``'s two sums in one block through ``T.let`` bindings),
integer floor division and symbolic extents."""

from __future__ import annotations

import math

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.execute.tvm import run_functions  # noqa: E402
from irverify.frontends.relax.parse import _blank_imports, translate_module  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402

RNG = np.random.default_rng(2026)
NUMERIC = {"real.exp": math.exp, "real.tanh": math.tanh, "real.sqrt": math.sqrt,
           "real.rsqrt": lambda v: 1 / math.sqrt(v)}
f32, i32, i64 = "float32", "int32", "int64"


def _shape(rank: int) -> tuple[int, ...]:
    return tuple(int(d) for d in RNG.integers(1, 5, rank))


def _values(shape, dtype):
    if dtype == f32:
        return RNG.uniform(-4, 4, shape).astype(np.float32)
    return RNG.integers(-20, 20, shape).astype(dtype)


def _param(name, shape, dtype):
    dims = ", ".join(str(d) if isinstance(d, int) else f'"{d}"' for d in shape)
    return f'{name}: R.Tensor(({dims}{"," if len(shape) == 1 else ""}), "{dtype}")'


class Case:
    """A Relax function ``name(params) = body``, its kind of comparison (``exact``/``close``)
    and the argument lists to run it on."""

    def __init__(self, name, params, body, samples, kind="exact"):
        self.name, self.params, self.body, self.samples, self.kind = name, params, body, samples, kind

    def text(self) -> str:
        ps = ", ".join(_param(n, s, d) for n, s, d in self.params)
        return f"    @R.function\n    def {self.name}({ps}):\n        return {self.body}\n\n"


def _static(name, specs, body, kind="exact", n=3):
    """A case whose parameters ``(name, rank or shape, dtype)`` get one random shape each."""
    params = [(p, s if isinstance(s, tuple) else _shape(s), d) for p, s, d in specs]
    samples = [[_values(s, d) for _, s, d in params] for _ in range(n)]
    return Case(name, params, body, samples, kind)


def fast_cases():
    a, b = _shape(2), None
    b = (a[1],)
    rows, cols = _shape(2)
    return [
        _static("add_broadcast", [("x", a, f32), ("y", b, f32)], "R.add(x, y)"),
        _static("sum_axis", [("x", 3, f32)], "R.sum(x, axis=[1])"),
        _static("reshape", [("x", (rows * 2, cols), f32)], f"R.reshape(x, R.shape([{rows}, {cols * 2}]))"),
        _static("floordiv_int", [("x", a, i32), ("y", a, i32)], "R.floor_divide(x, y)"),
    ]


def slow_cases():
    a = _shape(3)
    m, k, n = _shape(3)
    c = [
        _static("exp_tanh", [("x", a, f32)], "R.tanh(R.exp(x))", "close"),
        _static("sqrt_abs", [("x", a, f32)], "R.sqrt(R.abs(x))"),
        _static("max_min", [("x", a, f32), ("y", a, f32)], "R.maximum(R.minimum(x, y), R.negative(y))"),
        _static("where_less", [("x", a, f32), ("y", a, f32)], "R.where(R.less(x, y), x, y)"),
        _static("astype_int", [("x", a, f32)], 'R.astype(R.multiply(x, x), "int32")'),
        _static("matmul", [("x", (m, k), f32), ("w", (k, n), f32)], "R.matmul(x, w)"),
        _static("max_reduce", [("x", a, f32)], "R.max(x, axis=[0, 2])"),
        _static("mean", [("x", a, f32)], "R.mean(x, axis=[1])"),
        _static("permute", [("x", a, f32)], "R.permute_dims(x, [2, 0, 1])"),
        _static("strided_slice", [("x", (6, 5), f32)],
                "R.strided_slice(x, axes=[0, 1], begin=[1, 0], end=[6, 5], strides=[2, 3])"),
        _static("concat", [("x", (2, 3), f32), ("y", (4, 3), f32)], "R.concat((x, y), axis=0)"),
        _static("int_arith", [("x", a, i64), ("y", a, i64)], "R.subtract(R.multiply(x, y), R.add(x, y))"),
        _static("broadcast_to", [("x", (3, 1), f32)], "R.broadcast_to(x, R.shape([2, 3, 4]))"),
    ]
    idx = RNG.integers(0, 4, (5,)).astype(np.int64)
    c.append(Case("take", [("x", (3, 4), f32), ("i", (5,), i64)], "R.take(x, i, axis=1)",
                  [[_values((3, 4), f32), idx]]))
    sym = []
    for _ in range(3):
        nn = int(RNG.integers(1, 5))
        sym.append([_values((nn, 3), f32), _values((3,), f32)])
    g = (2, 4, *_shape(2))
    c.append(_static("group_norm", [("x", g, f32), ("gamma", (4,), f32), ("beta", (4,), f32)],
                     "R.nn.group_norm(x, gamma, beta, num_groups=2, channel_axis=1, axes=[2, 3])", "close"))
    c.append(Case("symbolic_add_permute", [("x", ("n", 3), f32), ("y", (3,), f32)],
                  "R.permute_dims(R.add(x, y), [1, 0])", sym))
    return c


FAST, SLOW = fast_cases(), slow_cases()


def _compile(cases):
    from tvm import relax

    text = "@I.ir_module\nclass Module:\n" + "".join(case.text() for case in cases)
    legal = relax.transform.LegalizeOps()(tvm.script.from_source(_blank_imports(text, "<tir>")[0]))
    module = translate_module(legal, "<tir>", text)
    calls = [(case.name, args) for case in cases for args in case.samples]
    outs = iter(run_functions(legal, calls))
    return module, {case.name: [next(outs) for _ in case.samples] for case in cases}


@pytest.fixture(scope="module")
def fast():
    return _compile(FAST)


@pytest.fixture(scope="module")
def slow():
    return _compile(SLOW)


def _close(a, b, kind):
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape, f"shape {a.shape} vs {b.shape}"
    if a.dtype.kind != "f":
        return bool(np.array_equal(a, b))
    if kind == "exact":
        return bool(np.all((np.isnan(a) & np.isnan(b)) | (a == b)))
    return bool(np.allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True))


def _check(compiled, case):
    module, runs = compiled
    ops = [op for op in module.functions[case.name].body.ops if op.name == "relax.call_tir"]
    assert ops and all(op.attrs["tir"][0] == "tir" for op in ops), [op.attrs["tir"][:2] for op in ops]
    checked = 0
    for args, theirs in zip(case.samples, runs[case.name]):
        if case.kind == "close":  # math functions: their real values, compared with a tolerance
            ev = evaluate_function(module, case.name, args, fp_name="real", interpret=NUMERIC)
        else:
            ev = evaluate_function(module, case.name, args, fp_name="ieee")
        if ev.ub:
            continue  # TVM may compute anything (integer division by zero)
        assert not isinstance(theirs, Exception), f"TVM failed: {theirs}"
        for mine, got in zip(ev.outputs, theirs):
            mine = np.asarray(mine).astype(np.asarray(got).dtype) if case.kind == "close" else mine
            assert _close(mine, got, case.kind), f"{case.name}: irverify {mine!r} vs TVM {got!r} on {args!r}"
        checked += 1
    assert checked, f"{case.name}: every sample was UB"


@pytest.mark.parametrize("case", FAST, ids=lambda c: c.name)
def test_legalised_primfunc_conformance(fast, case):
    _check(fast, case)


@pytest.mark.slow
@pytest.mark.parametrize("case", SLOW, ids=lambda c: c.name)
def test_legalised_primfunc_conformance_more_ops(slow, case):
    _check(slow, case)


ZERO_D = '''
@I.ir_module
class Module:
    @R.function
    def rmax(x: R.Tensor((), "float32")):
        return R.max(x)

    @R.function
    def rsum(x: R.Tensor((), "float32")):
        return R.sum(x)
'''


def test_reduction_of_a_0d_tensor_is_a_copy():
    """TVM legalises a reduction of a 0-d tensor to a copy: ``max(-inf)`` is ``-inf`` (not the
    lowest finite value the fold starts from) and ``sum(-0.0)`` is ``-0.0``. Checked for the
    Relax ops (``relax_reduce``) and for their legalised PrimFuncs."""
    from tvm import relax

    from irverify.frontends.relax.parse import parse

    native = tvm.script.from_source(_blank_imports(ZERO_D, "<0d>")[0])
    legal = relax.transform.LegalizeOps()(native)
    modules = [parse(ZERO_D, "<0d>"), translate_module(legal, "<0d>", ZERO_D)]
    samples = [np.array(v, np.float32) for v in (-np.inf, -0.0, np.nan, 1.5)]
    calls = [(f, [x]) for f in ("rmax", "rsum") for x in samples]
    for (name, args), theirs in zip(calls, run_functions(legal, calls)):
        for module in modules:
            (mine,) = evaluate_function(module, name, args, fp_name="ieee").outputs
            got = np.asarray(theirs[0])
            assert (np.isnan(mine) and np.isnan(got)) or (mine == got and np.signbit(mine) == np.signbit(got)), \
                (name, args, mine, got)


INIT_GUARD = '''
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def acc(x: T.Buffer((T.int64(3), T.int64(4)), "float32"), out: T.Buffer((T.int64(3),), "float32")):
        for i in range(T.int64(3)):
            with T.sblock("fill"):
                vi = T.axis.spatial(T.int64(3), i)
                out[vi] = T.float32(5.0)
        for i, k in T.grid(T.int64(3), T.int64(4)):
            with T.sblock("acc"):
                vi, vk = T.axis.remap("SR", [i, k])
                vc = T.axis.reduce(T.int64(2), CONST)
                with T.init():
                    out[vi] = T.float32(0.5)
                out[vi] = out[vi] * T.float32(2.0) + x[vi, vk]

    @T.prim_func(private=True, s_tir=True)
    def only_const(x: T.Buffer((T.int64(3), T.int64(4)), "float32"), out: T.Buffer((T.int64(3),), "float32")):
        for i in range(T.int64(3)):
            with T.sblock("fill"):
                vi = T.axis.spatial(T.int64(3), i)
                out[vi] = T.float32(5.0)
        for i in range(T.int64(3)):
            with T.sblock("acc"):
                vi = T.axis.spatial(T.int64(3), i)
                vc = T.axis.reduce(T.int64(2), CONST)
                with T.init():
                    out[vi] = T.float32(0.5)
                out[vi] = out[vi] + x[vi, T.int64(1)]

    @R.function
    def loop_and_const(x: R.Tensor((3, 4), "float32")):
        cls = Module
        return R.call_tir(cls.acc, (x,), out_ty=R.Tensor((3,), "float32"))

    @R.function
    def const_only(x: R.Tensor((3, 4), "float32")):
        cls = Module
        return R.call_tir(cls.only_const, (x,), out_ty=R.Tensor((3,), "float32"))
'''


@pytest.mark.parametrize("const", [0, 1])
def test_init_runs_under_the_lowering_guard(const):
    """``T.init()`` runs where TVM's ``LowerInitBlock`` guard holds: every reduction iter var at
    its minimum, as bound. A reduction var bound to the constant 1 makes it false (the fold
    starts from the 5.0 the first block wrote); bound to 0 it leaves the loop var's first point
    (or, with no reduction loop, every point) to run the init."""
    text = INIT_GUARD.replace("CONST", f"T.int64({const})")
    module = translate_module(tvm.script.from_source(_blank_imports(text, "<init>")[0]), "<init>", text)
    samples = [_values((3, 4), f32) for _ in range(2)]
    calls = [(f, [x]) for f in ("loop_and_const", "const_only") for x in samples]
    for (name, args), theirs in zip(calls, run_functions(text, calls)):
        assert not isinstance(theirs, Exception), theirs
        (mine,) = evaluate_function(module, name, args, fp_name="ieee").outputs
        assert np.array_equal(mine, theirs[0]), (const, name, mine, theirs[0])
