"""``R.tril`` / ``R.triu`` conformance with TVM (llvm): irverify's exact (IEEE) evaluation against
TVM on random shapes (rank 2 and 3, symbolic extents, empty ones) and diagonals ``k`` above,
on and below the main one, past the tensor's corners too; float32 with NaN, infinities and
signed zeros (a zeroed element is ``+0.0``), int32 and bool; compared bit for bit."""

from __future__ import annotations

import numpy as np
import pytest

tvm = pytest.importorskip("tvm")

from irverify.errors import Unsupported  # noqa: E402
from irverify.frontends.relax.parse import parse  # noqa: E402
from irverify.verify.evaluate import evaluate_function  # noqa: E402
from tests.conformance.relax_cases import assert_matches_tvm, module_text  # noqa: E402

RNG = np.random.default_rng(23)
SPECIAL = np.array([np.nan, -np.inf, np.inf, -0.0, 0.0, -1.5, 2.5, 1e-45, -3.0, 7.0, -0.0, np.nan], np.float32)


def _f32(*shape):
    return RNG.uniform(-4, 4, shape).astype(np.float32)


def _dyn():
    return [[_f32(int(RNG.integers(0, 5)), int(RNG.integers(0, 6)))] for _ in range(4)]


CASES = {
    "tril_k0": ('x: R.Tensor(("n", "m"), "float32")', "R.tril(x, 0)", _dyn() + [[SPECIAL.reshape(3, 4)]]),
    "tril_k2": ('x: R.Tensor(("n", "m"), "float32")', "R.tril(x, 2)", _dyn()),
    "tril_kneg": ('x: R.Tensor((2, 3, 4), "float32")', "R.tril(x, -1)", [[_f32(2, 3, 4)]]),
    "tril_past": ('x: R.Tensor((3, 4), "float32")', "R.tril(x, -5)", [[SPECIAL.reshape(3, 4)]]),
    "triu_k0": ('x: R.Tensor(("n", "m"), "float32")', "R.triu(x, 0)", _dyn() + [[SPECIAL.reshape(4, 3)]]),
    "triu_k1": ('x: R.Tensor((2, 3, 4), "float32")', "R.triu(x, 1)", [[_f32(2, 3, 4)]]),
    "triu_kneg": ('x: R.Tensor(("n", "m"), "float32")', "R.triu(x, -2)", _dyn()),
    "triu_past": ('x: R.Tensor((3, 4), "float32")', "R.triu(x, 9)", [[SPECIAL.reshape(3, 4)]]),
    "tril_i32": ('x: R.Tensor((4, 4), "int32")', "R.tril(x, 1)",
                 [[RNG.integers(-2**31, 2**31 - 1, (4, 4), dtype=np.int64).astype(np.int32)]]),
    "triu_bool": ('x: R.Tensor((3, 5), "bool")', "R.triu(x, 1)", [[RNG.integers(0, 2, (3, 5)).astype(bool)]]),
}


def test_tril_and_triu_match_tvm():
    assert_matches_tvm(CASES, "<trilu>")


def test_a_symbolic_diagonal_is_unsupported():
    """``k`` may be any PrimExpr in TVM; irverify models a constant one."""
    module = parse(module_text({"f": ('x: R.Tensor(("n", "m"), "float32")', "R.tril(x, n)", [])}), "<trilu>")
    with pytest.raises(Unsupported, match="'relax.tril'"):
        evaluate_function(module, "f", [np.zeros((3, 4), np.float32)], fp_name="ieee")
