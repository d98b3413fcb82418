"""Relax corner cases vs TVM (llvm): integer overflow, NaN and signed zeros, reductions over no
axis, and the values ``tests/semantics/test_relax_corners.py`` relies on.

All functions are in one module, built once. irverify's side is ``evaluate_function(...,
fp_name="ieee")`` and every output is compared exactly: integers equal, floats the same bits
(both NaN counts as equal; ``-0`` differs from ``+0``).
"""

from __future__ import annotations

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.execute.tvm import run_functions  # noqa: E402
from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402
from tests.conformance.relax_cases import compile_and_run  # noqa: E402

NAN, INF = np.nan, np.inf
I8_EDGE = np.array([127, -128, 100, -100, 1, -1, 0, 64], np.int8)
I32_EDGE = np.array([2**31 - 1, -2**31, 2**30, -2**30 - 5, 1, -1, 0, 123456789], np.int32)
F_A = np.array([NAN, 1.0, NAN, -0.0, 0.0, NAN, -INF, 2.0], np.float32)
F_B = np.array([1.0, NAN, NAN, 0.0, -0.0, -INF, NAN, 2.0], np.float32)
ROWS = np.array([[NAN, 1, 2, 3], [1, NAN, 2, 3], [1, 2, 3, NAN], [NAN, NAN, NAN, NAN], [-0.0, 0.0, -0.0, -1],
                 [0.0, -0.0, -2, -3], [-INF, -INF, -INF, -INF], [INF, NAN, 1, -INF]], np.float32)

ROUNDING = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.49999997, -0.0, 0.0, NAN, INF, -INF,
                     8388609.0, 1e30, 3.7, -3.7, 1e-40, -1e-40, -0.75], np.float32)
# sums whose value depends on the order of the additions (cancellations, rounding at 2^24)
CANCEL = np.array([[1e8, 1, -1e8, 1], [16777216, 1, 1, 1], [1, 1, 1, 16777216], [3.4e38, 3.4e38, -3.4e38, 1],
                   [-3.526483e-38, 1.1754934e-38, 5.877473e-38, 0], [0.1, 0.2, 0.3, -0.6]], np.float32)

# name -> (params, body, samples)
CASES = {
    # two's complement wrap at the overflow boundary
    "add_i8": ("a: R.Tensor((8,), \"int8\"), b: R.Tensor((8,), \"int8\")", "R.add(a, b)",
               [[I8_EDGE, I8_EDGE], [I8_EDGE, I8_EDGE[::-1].copy()]]),
    "mul_i8": ("a: R.Tensor((8,), \"int8\"), b: R.Tensor((8,), \"int8\")", "R.multiply(a, b)",
               [[I8_EDGE, I8_EDGE[::-1].copy()]]),
    "neg_i8": ("a: R.Tensor((8,), \"int8\")", "R.negative(a)", [[I8_EDGE]]),
    "sub_i32": ("a: R.Tensor((8,), \"int32\"), b: R.Tensor((8,), \"int32\")", "R.subtract(a, b)",
                [[I32_EDGE, I32_EDGE[::-1].copy()]]),
    "mul_i32": ("a: R.Tensor((8,), \"int32\")", "R.multiply(a, R.const(2, \"int32\"))", [[I32_EDGE]]),
    "neg_i32": ("a: R.Tensor((8,), \"int32\")", "R.negative(a)", [[I32_EDGE]]),
    "sum_i8": ("a: R.Tensor((2, 4), \"int8\")", "R.sum(a, axis=[1])", [[I8_EDGE.reshape(2, 4)]]),
    "sum_i32": ("a: R.Tensor((2, 4), \"int32\")", "R.sum(a)", [[I32_EDGE.reshape(2, 4)]]),
    "matmul_i8": ("a: R.Tensor((2, 4), \"int8\"), b: R.Tensor((4, 2), \"int8\")", "R.matmul(a, b)",
                  [[I8_EDGE.reshape(2, 4), I8_EDGE.reshape(4, 2)]]),
    "matmul_i32": ("a: R.Tensor((2, 4), \"int32\"), b: R.Tensor((4, 2), \"int32\")", "R.matmul(a, b)",
                   [[I32_EDGE.reshape(2, 4), I32_EDGE.reshape(4, 2)]]),
    # NaN and signed zeros in either position
    "maximum_nan": ("a: R.Tensor((8,), \"float32\"), b: R.Tensor((8,), \"float32\")", "R.maximum(a, b)",
                    [[F_A, F_B], [F_B, F_A]]),
    "minimum_nan": ("a: R.Tensor((8,), \"float32\"), b: R.Tensor((8,), \"float32\")", "R.minimum(a, b)",
                    [[F_A, F_B], [F_B, F_A]]),
    "max_nan": ("x: R.Tensor((8, 4), \"float32\")", "R.max(x, axis=[1])", [[ROWS]]),
    "min_nan": ("x: R.Tensor((8, 4), \"float32\")", "R.min(x, axis=[1])", [[ROWS], [-ROWS]]),
    "max_all_nan": ("x: R.Tensor((8, 4), \"float32\")", "R.max(x)", [[ROWS]]),
    "power_one": ("a: R.Tensor((8,), \"float32\"), b: R.Tensor((8,), \"float32\")", "R.power(a, b)",
                  [[np.array([NAN, NAN, 1, 1, -0.0, INF, 2, 1], np.float32),
                    np.array([0.0, -0.0, NAN, 3, -0.0, 0, 0, -INF], np.float32)]]),
    "astype_nan_bool": ("a: R.Tensor((8,), \"float32\")", "R.astype(a, \"bool\")", [[F_A], [F_B]]),
    "compare_nan": ("a: R.Tensor((8,), \"float32\"), b: R.Tensor((8,), \"float32\")",
                    "(R.equal(a, b), R.not_equal(a, b), R.less(a, b), R.greater_equal(a, b))", [[F_A, F_B]]),
    # rounding to an integral value: round is halfway-to-even (llvm.nearbyint)
    "roundings": ("a: R.Tensor((20,), \"float32\")", "(R.round(a), R.floor(a), R.ceil(a), R.trunc(a))",
                  [[ROUNDING], [-ROUNDING]]),
    "astype_rounded": ("a: R.Tensor((20,), \"float32\")",
                       "(R.astype(R.round(R.minimum(R.maximum(a, R.const(-1e6, \"float32\")), R.const(1e6, \"float32\"))), \"int32\"))",
                       [[np.nan_to_num(ROUNDING, nan=0.0)]]),
    # float sums in index order from +0
    "sum_order": ("x: R.Tensor((6, 4), \"float32\")",
                  "(R.sum(x, axis=[1]), R.einsum((x,), \"ij->i\"), R.sum(R.permute_dims(x), axis=[0]))",
                  [[CANCEL], [CANCEL[:, ::-1].copy()]]),
    "matmul_order": ("a: R.Tensor((6, 4), \"float32\"), b: R.Tensor((4, 2), \"float32\")",
                     "(R.matmul(a, b), R.einsum((a, b), \"ij,jk->ik\"))",
                     [[CANCEL, np.array([[1, -1], [1, 2], [1, 0.5], [1, 3]], np.float32)]]),
    # reductions over no axis: +0 + x
    "sum_no_axis": ("x: R.Tensor((8,), \"float32\")", "R.sum(x, axis=[])", [[F_A], [F_B]]),
    "sum_unit_axis": ("x: R.Tensor((8, 1), \"float32\")", "R.sum(x, axis=[1])", [[F_A.reshape(8, 1)]]),
    "sum_no_axis_i32": ("x: R.Tensor((8,), \"int32\")", "R.sum(x, axis=[])", [[I32_EDGE]]),
    "max_no_axis": ("x: R.Tensor((8,), \"float32\")", "R.max(x, axis=[])", [[F_A], [F_B]]),
}


@pytest.fixture(scope="module")
def compiled():
    return compile_and_run(CASES, "<corners>")


def same(a, b) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return False
    if a.dtype.kind != "f":
        return bool(np.array_equal(a.astype(b.dtype), b))
    both_nan = np.isnan(a) & np.isnan(b)
    return bool(np.all(both_nan | ((a == b) & (np.signbit(a) == np.signbit(b)))))


@pytest.mark.parametrize("name", list(CASES))
def test_corner(compiled, name):
    module, runs = compiled
    for args, theirs in zip(CASES[name][2], runs[name]):
        assert not isinstance(theirs, Exception), f"TVM failed: {theirs}"
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert not ev.ub, ev.ub
        assert len(ev.outputs) == len(theirs)
        for mine, got in zip(ev.outputs, theirs):
            assert same(mine, got), f"{name}: irverify {mine!r} vs TVM {got!r} on {args!r}"


@pytest.mark.parametrize("dtype", ["int32", "int8"])
def test_float_to_int_of_nan_is_an_unknown_value(dtype):
    """TVM converts NaN, infinities and out-of-range values to whatever the instruction gives
    (``fptosi`` of them is poison in LLVM): irverify gives them no value (masked as undefined,
    like poison) and agrees with TVM on the values that fit."""
    text = ('@I.ir_module\nclass Module:\n    @R.function\n    def f(a: R.Tensor((6,), "float32")):\n'
            f'        return R.astype(a, "{dtype}")\n')
    mod = parse(text, "<astype>")
    x = np.array([1.5, NAN, INF, -INF, 3e9, -2.75], np.float32)
    (theirs,) = run_functions(mod.native, [("f", [x])])
    assert not isinstance(theirs, Exception), theirs
    ev = evaluate_function(mod, "f", [x], fp_name="ieee")
    assert ev.undefined[0].tolist() == [False, True, True, True, True, False]
    fits = ~ev.undefined[0]
    assert ev.outputs[0][fits].tolist() == np.asarray(theirs[0])[fits].tolist() == [1, -2]


SLICES = [(5, 0, -2), (-1, -100, -1), (100, 0, -3), (-2, 1, -2), (4, -7, -1), (0, 6, 2), (-4, 100, 3), (1, -1, 1),
          (-100, 100, 4), (5, -7, -2)]
ARANGES = [(5, 0, -2), (1, 9, 3), (0, -7, -3), (-3, 4, 2), (9, 9, 1), (0, 1, 5), (0, 5, -1), (5, 5, -1), (10, 1, -4),
           (7, -8, -5), (3, 0, -3)]


def _slice_text() -> str:
    out = ["@I.ir_module", "class Module:"]
    for k, (b, e, s) in enumerate(SLICES):
        for name, shape in ((f"s{k}", "(6, 2)"), (f"n{k}", '("n", 2)')):
            out += ["    @R.function", f"    def {name}(x: R.Tensor({shape}, \"int32\")):",
                    f"        return R.strided_slice(x, axes=[0], begin=[{b}], end=[{e}], strides=[{s}])", ""]
    for k, (a, b, s) in enumerate(ARANGES):
        out += ["    @R.function", f"    def a{k}(x: R.Tensor((1,), \"int64\")):",
                f"        return R.arange({a}, {b}, {s}, \"int64\")", ""]
    return "\n".join(out)


@pytest.fixture(scope="module")
def shape_runs():
    module = parse(_slice_text(), "<slices>")
    x6 = np.arange(12, dtype=np.int32).reshape(6, 2)
    calls = []
    for k in range(len(SLICES)):
        calls += [(f"s{k}", [x6]), (f"n{k}", [x6])] + [(f"n{k}", [x6[:m].copy()]) for m in (0, 1, 3, 9)
                                                        if m <= 6]
    calls += [(f"a{k}", [np.zeros(1, np.int64)]) for k in range(len(ARANGES))]
    return module, calls, run_functions(module.native, calls)


def test_strided_slice_and_arange_shapes(shape_runs):
    """Every result (shape and values) as TVM executes it, negative strides and empty results
    included; numpy's slicing and arange agree on these."""
    module, calls, runs = shape_runs
    checked = 0
    for (name, args), theirs in zip(calls, runs):
        ub = evaluate_function(module, name, args, fp_name="ieee", outputs_too=False).ub
        if ub:  # a negative extent: TVM fails to allocate
            assert isinstance(theirs, Exception), (name, args[0].shape, ub)
            continue
        ev = evaluate_function(module, name, args, fp_name="ieee")
        assert not isinstance(theirs, Exception), f"{name}: TVM failed: {theirs}"
        got = np.asarray(theirs[0])
        assert ev.outputs[0].shape == got.shape and np.array_equal(ev.outputs[0], got), (name, ev.outputs[0], got)
        if name[0] == "a":
            assert np.array_equal(got, np.arange(*ARANGES[int(name[1:])]))
        else:
            b, e, s = SLICES[int(name[1:])]
            assert np.array_equal(got, args[0][b:e:s])
        checked += 1
    assert checked >= len(calls) - 2


def test_arange_negative_step_is_mistyped_by_tvm(shape_runs):
    """TVM types arange(5, 0, -2) with 4 elements, and returns 3: irverify models the value."""
    module, calls, runs = shape_runs
    assert "R.Tensor((4,)" in str(module.native["a0"].ret_ty)
    got = np.asarray(runs[[n for n, _ in calls].index("a0")][0])
    assert got.tolist() == [5, 3, 1]


def test_symbolic_reversed_slice_is_ub_where_tvm_fails():
    """begin=3, end=-1 on n rows: TVM's extent min(max(n-1, 0), n) - min(3, n) is -1 for n in
    1..3 and the run fails to allocate; irverify calls those inputs UB."""
    text = ('@I.ir_module\nclass Module:\n    @R.function\n    def f(x: R.Tensor(("n",), "int32")):\n'
            '        return R.strided_slice(x, axes=[0], begin=[3], end=[-1], strides=[1])\n')
    mod = parse(text, "<rev>")
    args = [[np.arange(m, dtype=np.int32)] for m in (2, 3, 6)]
    runs = run_functions(mod.native, [("f", a) for a in args])
    for a, run in zip(args, runs):
        ev = evaluate_function(mod, "f", a, fp_name="ieee", outputs_too=False)
        assert bool(ev.ub) == isinstance(run, Exception), (a[0].shape, ev.ub, run)
    assert isinstance(runs[1], Exception) and not isinstance(runs[2], Exception)


def test_static_reversed_slice_is_unsupported_as_tvm_does_not_compile_it():
    from irverify.errors import Unsupported

    text = ('@I.ir_module\nclass Module:\n    @R.function\n    def f(x: R.Tensor((6,), "int32")):\n'
            '        return R.strided_slice(x, axes=[0], begin=[2], end=[4], strides=[-1])\n')
    mod = parse(text, "<rev>")
    run = run_functions(mod.native, [("f", [np.arange(6, dtype=np.int32)])])[0]
    assert isinstance(run, Exception) and "is invalid for axis" in str(run)
    with pytest.raises(Unsupported, match="reversed"):
        evaluate_function(mod, "f", [np.arange(6, dtype=np.int32)], fp_name="ieee")
