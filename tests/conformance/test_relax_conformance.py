"""Relax semantics vs TVM (llvm): every modelled op on random shapes and values.

All functions live in one module, built once; each is called on a few random inputs.
irverify's side is ``evaluate_function(..., fp_name="ieee")``: integer results must agree exactly,
float results bitwise (or both NaN), except reductions (``matmul``, ``sum``, ``mean``,
``einsum``), compared with a tolerance because TVM may sum in another order. Ops whose float
functions are uninterpreted under ``ieee`` (``exp``, ``softmax``, ``attention``, ``power``,
``floor_divide``) are evaluated under ``fp_name="real"`` with ``exp``/``pow``/``floor``
interpreted numerically, and compared with a tolerance: this checks their shapes, indexing,
masks and scales, not rounding.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.execute.tvm import run_functions  # noqa: E402
from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402

RNG = np.random.default_rng(20261121)
NUMERIC = {"real.exp": math.exp, "real.pow": math.pow, "real.floor": math.floor, "real.sqrt": math.sqrt}
DT = {"float32": np.float32, "float16": np.float16, "int32": np.int32, "int64": np.int64, "bool": np.bool_,
      "int8": np.int8}


def _shape_text(shape):
    return "(" + "".join(f'{d!r}, ' if isinstance(d, str) else f"{d}, " for d in shape) + ")"


def _ttype(shape, dtype):
    return f'R.Tensor({_shape_text(shape)}, "{dtype}")'


def _rand(shape, dtype, lo=-3, hi=3):
    if dtype.startswith("float"):
        return RNG.uniform(lo, hi, shape).astype(DT[dtype])
    if dtype == "bool":
        return RNG.integers(0, 2, shape).astype(np.bool_)
    return RNG.integers(lo, hi, shape).astype(DT[dtype])


class Case:
    """One Relax function: parameter shapes/dtypes, body expression, input sampler, how to compare."""

    def __init__(self, name, params, body, kind="exact", samples=None, ints=(-3, 3)):
        self.name, self.params, self.body, self.kind = name, params, body, kind
        self.ints = ints
        self.samples = samples or [self.sample() for _ in range(3)]

    def sample(self, dims=None):
        dims = dims or {}
        args = []
        for _, shape, dtype in self.params:
            concrete = []
            for d in shape:
                if isinstance(d, str):
                    dims.setdefault(d, int(RNG.integers(0, 7)) if RNG.random() < 0.7 else int(RNG.integers(7, 40)))
                    concrete.append(dims[d])
                else:
                    concrete.append(d)
            args.append(_rand(tuple(concrete), dtype, *(self.ints if not dtype.startswith("float") else (-3, 3))))
        return args

    def text(self):
        params = ", ".join(f"{n}: {_ttype(s, d)}" for n, s, d in self.params)
        return f"    @R.function\n    def {self.name}({params}):\n        return {self.body}\n"


def _d(*shape):
    return tuple(int(RNG.integers(1, 5)) if s == "?" else s for s in shape)


def cases() -> list[Case]:
    f32, i64, i32 = "float32", "int64", "int32"
    c: list[Case] = []
    # take: every mode, axes incl. negative and None, float and int data
    for mode, lo, hi in (("fast", 0, 5), ("clip", -9, 12), ("wrap", -13, 14), ("nan", -7, 9)):
        c.append(Case(f"take_{mode}", [("x", (3, 5), f32), ("i", (4,), i64)],
                      f'R.take(x, i, axis=1, mode="{mode}")', ints=(lo, hi)))
        c.append(Case(f"take_{mode}_neg", [("x", (5, 2, 3), f32), ("i", (2, 3), i64)],
                      f'R.take(x, i, axis=-3, mode="{mode}")', ints=(lo, hi)))
    c.append(Case("take_none", [("x", (6,), i32), ("i", (2, 2), i64)], 'R.take(x, i, axis=None, mode="clip")',
                  ints=(-8, 9)))
    c.append(Case("take_int_wrap", [("x", (4, 3), i32), ("i", (5,), i32)], 'R.take(x, i, axis=0, mode="wrap")',
                  ints=(-9, 9)))
    c.append(Case("take_sym", [("x", ("n", 4), f32), ("i", ("m",), i64)], 'R.take(x, i, axis=1, mode="wrap")',
                  ints=(-9, 9)))
    # matmul
    c += [Case("matmul_2d", [("a", (3, 4), f32), ("b", (4, 2), f32)], "R.matmul(a, b)", "reduce"),
          Case("matmul_batch", [("a", (2, 1, 3, 4), f32), ("b", (3, 4, 5), f32)], "R.matmul(a, b)", "reduce"),
          Case("matmul_vec_l", [("a", (4,), f32), ("b", (2, 4, 3), f32)], "R.matmul(a, b)", "reduce"),
          Case("matmul_vec_r", [("a", (2, 3, 4), f32), ("b", (4,), f32)], "R.matmul(a, b)", "reduce"),
          Case("matmul_int", [("a", (3, 4), i32), ("b", (4, 2), i32)], "R.matmul(a, b)"),
          Case("matmul_f16_out32", [("a", (2, 3), "float16"), ("b", (3, 2), "float16")],
               'R.matmul(a, b, out_dtype="float32")', "reduce"),
          Case("matmul_sym", [("a", ("n", 3), f32), ("b", (3, 2), f32)], "R.matmul(a, b)", "reduce")]
    # layout
    c += [Case("permute", [("x", (2, 3, 4), f32)], "R.permute_dims(x, axes=[2, 0, 1])"),
          Case("permute_none", [("x", (2, 3, 4), i32)], "R.permute_dims(x)"),
          Case("reshape", [("x", (2, 3, 4), f32)], "R.reshape(x, R.shape([4, 6]))"),
          Case("reshape_m1", [("x", (2, 3, 4), f32)], "R.reshape(x, R.shape([3, -1, 2]))"),
          Case("reshape_sym", [("x", ("n", 6), f32)], 'R.reshape(x, R.shape([n, 2, 3]))'),
          Case("expand_dims", [("x", (2, 3), f32)], "R.expand_dims(x, axis=[0, -1])"),
          Case("squeeze", [("x", (1, 3, 1, 2), f32)], "R.squeeze(x, axis=[0, 2])"),
          Case("squeeze_none", [("x", (1, 3, 1), f32)], "R.squeeze(x)"),
          Case("flatten", [("x", (2, 3, 2), i64)], "R.flatten(x)"),
          Case("slice", [("x", (7, 5), f32)], "R.strided_slice(x, axes=[0, 1], begin=[1, -4], end=[100, 5], "
                                               "strides=[2, 1])"),
          Case("slice_neg", [("x", (7, 5), f32)], "R.strided_slice(x, axes=[0], begin=[-1], end=[-100], strides=[-2])"),
          Case("slice_inbound", [("x", (6, 4), f32)], "R.strided_slice(x, axes=[1], begin=[1], end=[3], "
                                                       "assume_inbound=True)"),
          Case("concat", [("a", (2, 3), f32), ("b", (4, 3), f32)], "R.concat((a, b, a), axis=0)"),
          Case("concat_sym", [("a", (2, "n"), f32), ("b", (2, "m"), f32)], "R.concat((a, b), axis=-1)"),
          Case("split_sections", [("x", (7, 2), f32)], "R.split(x, 3, axis=0)"),
          Case("split_indices", [("x", (2, 7), f32)], "R.split(x, [2, 5], axis=1)"),
          Case("broadcast_to", [("x", (3, 1), f32)], "R.broadcast_to(x, R.shape([2, 3, 4]))"),
          # symbolic dims: fresh random extents per sample (small and large-ish)
          Case("permute_sym", [("x", ("n", "m", 2), f32)], "R.permute_dims(x, axes=[2, 0, 1])"),
          Case("slice_sym", [("x", ("n", 3), f32)], "R.strided_slice(x, axes=[0], begin=[-3], end=[100])"),
          Case("slice_sym_step", [("x", ("n",), i32)], "R.strided_slice(x, axes=[0], begin=[1], end=[-1], strides=[3])"),
          Case("expand_sym", [("x", ("n", 2), f32)], "R.expand_dims(x, axis=[1])"),
          Case("split_sym", [("x", ("n", 2), f32)], "R.split(x, 2, axis=0)"),
          Case("sum_sym", [("x", ("n", 4), f32)], "R.sum(x, axis=[1])", "reduce"),
          Case("softmax_sym", [("x", ("n", 3), f32)], "R.nn.softmax(x, axis=-1)", "real"),
          Case("take_clip_sym", [("x", (2, "n"), f32), ("i", ("m",), i64)], 'R.take(x, i, axis=1, mode="clip")',
               ints=(-50, 50))]
    # conversions
    c += [Case("astype_f2i", [("x", (5,), f32)], 'R.astype(x, "int32")'),
          Case("astype_i2f", [("x", (5,), i64)], 'R.astype(x, "float32")'),
          Case("astype_f2h", [("x", (5,), f32)], 'R.astype(x, "float16")'),
          Case("astype_b2f", [("x", (5,), "bool")], 'R.astype(x, "float32")'),
          Case("astype_f2b", [("x", (5,), f32)], 'R.astype(x, "bool")', ints=(-1, 2)),
          Case("astype_nan2b", [("x", (3,), f32)], 'R.astype(x, "bool")',
               samples=[[np.array([np.nan, 0.0, -0.0], np.float32)]]),
          Case("astype_i2i8", [("x", (5,), i32)], 'R.astype(x, "int8")', ints=(-400, 400))]
    # elementwise with broadcasting
    for op in ("add", "subtract", "multiply", "divide", "maximum", "minimum"):
        c.append(Case(f"{op}_f", [("a", (2, 1, 3), f32), ("b", (4, 1), f32)], f"R.{op}(a, b)"))
    for op in ("add", "subtract", "multiply", "maximum", "minimum", "floor_divide"):
        c.append(Case(f"{op}_i", [("a", (3, 4), i32), ("b", (4,), i32)], f"R.{op}(a, b)", ints=(-9, 9)))
    c += [Case("add_sym", [("a", ("n", 3), f32), ("b", (3,), f32)], "R.add(a, b)"),
          Case("negative", [("x", (4,), f32)], "R.negative(x)"),
          Case("sqrt", [("x", (4,), f32)], "R.sqrt(R.abs(x))"),
          Case("exp", [("x", (4,), f32)], "R.exp(x)", "real"),
          Case("power", [("a", (4,), f32), ("b", (4,), f32)], "R.power(R.abs(a), b)", "real"),
          Case("floor_divide_f", [("a", (4,), f32), ("b", (4,), f32)], "R.floor_divide(a, b)", "real"),
          Case("add_const", [("x", (2, 2), f32)], 'R.add(x, R.const([[1.5, -2.0], [0.25, 8.0]], "float32"))')]
    nan_samples = [[np.array([np.nan, 1.0, 2.0, np.nan], np.float32), np.array([1.0, np.nan, 2.0, np.nan], np.float32)]]
    for op in ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal"):
        c.append(Case(f"{op}_f", [("a", (3, 1), i32), ("b", (3,), i32)],
                      f'R.{op}(R.astype(a, "float32"), R.astype(b, "float32"))'))
        c.append(Case(f"{op}_nan", [("a", (4,), f32), ("b", (4,), f32)], f"R.{op}(a, b)", samples=nan_samples))
        c.append(Case(f"{op}_i", [("a", (4,), i64), ("b", (4,), i64)], f"R.{op}(a, b)"))
    c.append(Case("where", [("c", (3, 1), "bool"), ("a", (3, 4), f32), ("b", (4,), f32)], "R.where(c, a, b)"))
    # reductions
    c += [Case("sum_axis", [("x", (3, 4, 2), f32)], "R.sum(x, axis=[0, 2])", "reduce"),
          Case("sum_keep", [("x", (3, 4), f32)], "R.sum(x, axis=[1], keepdims=True)", "reduce"),
          Case("sum_all_i", [("x", (3, 4), i32)], "R.sum(x)"),
          Case("mean", [("x", (3, 4), f32)], "R.mean(x, axis=[-1])", "reduce"),
          Case("max", [("x", (3, 4), f32)], "R.max(x, axis=[0], keepdims=True)"),
          Case("min_i", [("x", (3, 4), i64)], "R.min(x, axis=[1])")]
    # einsum
    c += [Case("einsum_mm", [("a", (2, 3), f32), ("b", (3, 4), f32)], 'R.einsum((a, b), "ij,jk->ik")', "reduce"),
          Case("einsum_diag", [("x", (2, 3, 2, 4), f32)], 'R.einsum((x,), "ijik->ijk")'),
          Case("einsum_trace", [("x", (3, 3), f32)], 'R.einsum((x,), "ii->i")'),
          Case("einsum_diag_bcast", [("x", (1, 2, 3, 4), f32)], 'R.einsum((x,), "ijik->ijk")'),
          Case("einsum_t", [("x", (2, 3), f32)], 'R.einsum((x,), "ij->ji")'),
          Case("einsum_rowdot", [("a", (3, 4), f32), ("b", (3, 4), f32)], 'R.einsum((a, b), "ij,ij->i")', "reduce")]
    # nn
    c += [Case("softmax", [("x", (2, 5), f32)], "R.nn.softmax(x, axis=-1)", "real"),
          Case("softmax_0", [("x", (3, 2), f32)], "R.nn.softmax(x, axis=0)", "real")]
    q, kv = (2, 3, 2, 4), (2, 5, 2, 4)
    c += [Case("attention", [("q", q, f32), ("k", kv, f32), ("v", (2, 5, 2, 3), f32)], "R.nn.attention(q, k, v)", "real"),
          Case("attention_scale", [("q", q, f32), ("k", kv, f32), ("v", kv, f32)],
               "R.nn.attention(q, k, v, scale=0.3)", "real"),
          Case("attention_topleft", [("q", q, f32), ("k", kv, f32), ("v", kv, f32)],
               'R.nn.attention(q, k, v, causal_mask="TopLeft")', "real"),
          Case("attention_bottomright", [("q", q, f32), ("k", kv, f32), ("v", kv, f32)],
               'R.nn.attention(q, k, v, causal_mask="BottomRight")', "real"),
          Case("attention_bottomright_long_q", [("q", (1, 5, 2, 4), f32), ("k", (1, 2, 2, 4), f32),
                                                ("v", (1, 2, 2, 4), f32)],
               'R.nn.attention(q, k, v, causal_mask="BottomRight")', "real"),
          Case("attention_bias", [("q", q, f32), ("k", kv, f32), ("v", kv, f32), ("b", (2, 1, 3, 5), f32)],
               "R.nn.attention_bias(q, k, v, b)", "real")]
    # creation
    c += [Case("zeros", [("x", (2,), f32)], 'R.add(x, R.zeros(R.shape([3, 2]), "float32"))'),
          Case("ones_sym", [("x", ("n",), i32)], 'R.add(x, R.ones(R.shape([n]), "int32"))'),
          Case("full", [("x", (2,), f32)], 'R.add(x, R.full(R.shape([2]), R.const(2.5, "float32"), "float32"))'),
          Case("arange", [("x", (4,), i64)], 'R.add(x, R.arange(1, 9, 2, "int64"))')]
    return c


CASES = cases()


@pytest.fixture(scope="module")
def compiled():
    text = "@I.ir_module\nclass Module:\n" + "".join(case.text() for case in CASES)
    module = parse(text, "<conformance>")
    calls = [(case.name, args) for case in CASES for args in case.samples]
    outs = iter(run_functions(module.native, calls))
    runs = {case.name: [next(outs) for _ in case.samples] for case in CASES}
    return module, runs


def _close(a, b, kind):
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape, f"shape {a.shape} vs {b.shape}"
    if a.dtype.kind != "f":
        return bool(np.array_equal(a, b))
    nan = np.isnan(a) & np.isnan(b)
    if kind == "exact":
        return bool(np.all(nan | (a == b)))
    tol = 1e-3 if a.dtype == np.float16 or b.dtype == np.float16 else 1e-4
    return bool(np.all(nan | np.isclose(a.astype(np.float64), b.astype(np.float64), rtol=tol, atol=tol)))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_conformance(compiled, case):
    module, runs = compiled
    checked = 0
    for args, tvm_out in zip(case.samples, runs[case.name]):
        if case.kind == "real":
            ev = evaluate_function(module, case.name, args, fp_name="real", interpret=NUMERIC)
        else:
            ev = evaluate_function(module, case.name, args, fp_name="ieee")
        if ev.ub:
            continue  # TVM may compute anything, or crash (integer division by zero: SIGFPE)
        assert not isinstance(tvm_out, Exception), f"TVM failed: {tvm_out}"
        assert len(ev.outputs) == len(tvm_out)
        for mine, theirs in zip(ev.outputs, tvm_out):
            assert _close(mine.astype(theirs.dtype) if case.kind == "real" else mine, theirs, case.kind), (
                f"{case.name}: irverify {mine!r} vs TVM {theirs!r} on {args!r}")
        checked += 1
    assert checked, f"{case.name}: every sample was UB"
