"""``R.cumsum`` / ``R.cumprod`` conformance with TVM (llvm): irverify's exact (IEEE) evaluation
against TVM on random shapes (symbolic and empty extents beside the scanned axis, every axis,
``axis=None``),
inclusive and exclusive scans, float32 with NaN, infinities, signed zeros and sums whose
rounding depends on the order, int8 wrapping, and ``dtype`` widening int8 to int32; compared
bit for bit."""

from __future__ import annotations

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from tests.conformance.relax_cases import assert_matches_tvm  # noqa: E402

RNG = np.random.default_rng(31)
SPECIAL = np.array([-0.0, -0.0, 1e8, 1.0, -1e8, np.inf, np.nan, 0.5, -0.0, 3.0, -np.inf, 2.0], np.float32)


def _f32(*shape):
    return RNG.uniform(-3, 3, shape).astype(np.float32)


def _dyn(m):
    return [[_f32(int(RNG.integers(0, 4)), m)] for _ in range(3)]


INT8 = np.array([100, 100, -128, 127, 1, -1, 0, -100], np.int8)
CASES = {
    "sum_rows": ('x: R.Tensor(("n", 6), "float32")', "R.cumsum(x, axis=1)", _dyn(6) + [[SPECIAL.reshape(2, 6)]]),
    "sum_cols": ('x: R.Tensor((4, "m"), "float32")', "R.cumsum(x, axis=0)",
                 [[_f32(4, int(RNG.integers(0, 4)))] for _ in range(3)] + [[SPECIAL.reshape(4, 3)]]),
    "sum_flat": ('x: R.Tensor((2, 3, 2), "float32")', "R.cumsum(x)", [[SPECIAL.reshape(2, 3, 2)], [_f32(2, 3, 2)]]),
    "sum_excl": ('x: R.Tensor(("n", 4), "float32")', "R.cumsum(x, axis=1, exclusive=True)",
                 _dyn(4) + [[SPECIAL.reshape(3, 4)]]),
    "sum_neg_axis": ('x: R.Tensor((2, 3, 4), "float32")', "R.cumsum(x, axis=-2)", [[_f32(2, 3, 4)]]),
    "sum_i8": ('x: R.Tensor((8,), "int8")', "R.cumsum(x, axis=0)", [[INT8]]),
    "sum_i8_to_i32": ('x: R.Tensor((8,), "int8")', 'R.cumsum(x, axis=0, dtype="int32")', [[INT8]]),
    "prod_rows": ('x: R.Tensor(("n", 6), "float32")', "R.cumprod(x, axis=1)", _dyn(6) + [[SPECIAL.reshape(2, 6)]]),
    "prod_excl": ('x: R.Tensor((3, 4), "float32")', "R.cumprod(x, axis=1, exclusive=True)", [[SPECIAL.reshape(3, 4)]]),
    "prod_i8": ('x: R.Tensor((8,), "int8")', "R.cumprod(x, axis=0)", [[INT8]]),
}


def test_cumsum_and_cumprod_match_tvm():
    assert_matches_tvm(CASES, "<scan>")
